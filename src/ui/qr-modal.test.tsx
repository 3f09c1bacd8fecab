import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QRCodeSVG } from 'qrcode.react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatWeight, PalletQr, PalletQrModal } from './qr-modal';

afterEach(cleanup);

const pallet = {
  id: '0b7c3f0e-1f0a-4d55-9a0e-3c1d2b4a5e6f',
  palletType: 'euro',
  boxType: 'crate 6 kg',
  tomatoType: 'vine',
  tomatoOption: 'class I',
  weight: 812.5,
};

const facts = () =>
  Object.fromEntries(
    [...document.querySelectorAll('dl > div')].map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]),
  );

describe('formatWeight', () => {
  it.each([
    [812.5, '812.50 kg'],
    [0, '0.00 kg'],
    ['12.345', '12.35 kg'],
    [undefined, '-'],
    [null, '-'],
    ['', '-'],
    [Number.NaN, '-'],
  ])('%o → %s', (weight, text) => expect(formatWeight(weight)).toBe(text));
});

describe('PalletQrModal', () => {
  it('shows the 300 px QR and ID, Type, Box Type, Tomato Type, Option and Weight', () => {
    render(<PalletQrModal pallet={pallet} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Pallet QR code' });
    const svg = dialog.querySelector('svg[role="img"]')!;
    expect(svg.getAttribute('width')).toBe('300');
    expect(facts()).toEqual({
      ID: pallet.id,
      Type: 'euro',
      'Box Type': 'crate 6 kg',
      'Tomato Type': 'vine',
      Option: 'class I',
      Weight: '812.50 kg',
    });
  });

  it('shows a dash for missing attributes and weight', () => {
    render(<PalletQrModal pallet={{ id: 'p1' }} onClose={() => {}} />);
    expect(facts()).toEqual({
      ID: 'p1',
      Type: '-',
      'Box Type': '-',
      'Tomato Type': '-',
      Option: '-',
      Weight: '-',
    });
  });

  it('is closed without a pallet and closes on Escape', () => {
    const onClose = vi.fn();
    const { rerender } = render(<PalletQrModal pallet={null} onClose={onClose} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<PalletQrModal pallet={pallet} onClose={onClose} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('PalletQr', () => {
  it('is 50 px by default', () => {
    const { container } = render(<PalletQr palletId="p1" />);
    expect(container.querySelector('svg')!.getAttribute('width')).toBe('50');
  });

  it('encodes only the id as JSON', () => {
    // the QR module matrix is the same as for the JSON text `{"id":"p1"}` of SPEC 3
    const { container } = render(<PalletQr palletId="p1" />);
    const { container: expected } = render(<QrOf text={'{"id":"p1"}'} />);
    expect(container.querySelector('path:last-of-type')!.getAttribute('d')).toBe(
      expected.querySelector('path:last-of-type')!.getAttribute('d'),
    );
  });

  it('refuses an empty id with the SPEC message', () => {
    expect(() => render(<PalletQr palletId=" " />)).toThrow('Invalid pallet ID for QR code generation');
  });
});

function QrOf({ text }: { text: string }) {
  return <QRCodeSVG value={text} size={50} level="M" marginSize={2} />;
}
