import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PullToRefresh, pullThresholdPx } from './pull-to-refresh';

afterEach(cleanup);

const pull = (el: HTMLElement, distance: number) => {
  fireEvent.touchStart(el, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(el, { touches: [{ clientY: 100 + distance }] });
};

const mount = (onRefresh: () => Promise<unknown>) => {
  render(
    <PullToRefresh onRefresh={onRefresh}>
      <p>list</p>
    </PullToRefresh>,
  );
  return screen.getByText('list').parentElement!;
};

describe('PullToRefresh', () => {
  it('refreshes when let go past the threshold and shows it is refreshing', async () => {
    let done!: () => void;
    const onRefresh = vi.fn(() => new Promise<void>((r) => (done = r)));
    const scroller = mount(onRefresh);
    pull(scroller, pullThresholdPx - 1);
    expect(screen.getByRole('status').textContent).toBe('Pull to refresh');
    fireEvent.touchMove(scroller, { touches: [{ clientY: 100 + pullThresholdPx }] });
    expect(screen.getByRole('status').textContent).toBe('Release to refresh');
    fireEvent.touchEnd(scroller);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Refreshing...');
    await act(async () => done());
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('does nothing for a short pull', () => {
    const onRefresh = vi.fn(async () => {});
    const scroller = mount(onRefresh);
    pull(scroller, pullThresholdPx - 1);
    fireEvent.touchEnd(scroller);
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('ignores a pull that starts while the content is scrolled down', () => {
    const onRefresh = vi.fn(async () => {});
    const scroller = mount(onRefresh);
    scroller.scrollTop = 200;
    pull(scroller, pullThresholdPx * 2);
    fireEvent.touchEnd(scroller);
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
