import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modalLayerZ } from '../../streams/config';
import { Modal } from './modal';
import { ModalStackProvider } from './modal-stack';

afterEach(cleanup);

describe('Modal', () => {
  it('is a labelled dialog that takes focus', () => {
    render(
      <Modal open onClose={() => {}} title="Pallet">
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Pallet' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
  });

  it('closes on Escape, on the backdrop and on the close button, not on a click inside', () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Pallet">
        <p>inside</p>
      </Modal>,
    );
    fireEvent.mouseDown(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['sm', 400],
    ['md', 600],
    ['lg', 800],
  ] as const)('size %s is %i px wide', (size, px) => {
    render(
      <Modal open onClose={() => {}} title="t" size={size}>
        x
      </Modal>,
    );
    expect(screen.getByRole('dialog').style.maxWidth).toBe(`${px}px`);
  });

  it('renders nothing when closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="t">
        x
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stacks layers from z-index 1000; Escape closes only the top one; beyond the layout limit the oldest steps back', () => {
    const closed: string[] = [];
    function Three() {
      const [open, setOpen] = useState(['a', 'b', 'c']);
      const close = (n: string) => () => {
        closed.push(n);
        setOpen((o) => o.filter((x) => x !== n));
      };
      return (
        <ModalStackProvider maxLayers={2}>
          {['a', 'b', 'c'].map((n) => (
            <Modal key={n} open={open.includes(n)} onClose={close(n)} title={n}>
              {n}
            </Modal>
          ))}
        </ModalStackProvider>
      );
    }
    render(<Three />);
    const backdrops = screen.getAllByTestId('modal-backdrop');
    expect(backdrops.map((b) => b.style.zIndex)).toEqual(
      [modalLayerZ, modalLayerZ + 1, modalLayerZ + 2].map(String),
    );
    expect(backdrops.map((b) => b.hidden)).toEqual([true, false, false]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closed).toEqual(['c']);
    expect(screen.getAllByTestId('modal-backdrop').map((b) => b.hidden)).toEqual([false, false]);
  });
});
