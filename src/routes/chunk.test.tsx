import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TestScheduler } from 'rxjs/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChunk, loadChunk$ } from './chunk';
import { LazyScreen } from './lazy-screen';

const Screen = () => <h1>Dashboard</h1>;

afterEach(cleanup);

describe('loadChunk$', () => {
  it('gives up on a chunk that has not arrived after 120 s', () => {
    const ts = new TestScheduler((a, e) => expect(a).toEqual(e));
    ts.run(({ expectObservable }) => {
      const never = () => new Promise<never>(() => {});
      //                                      |<------ 120 s ------>|
      expectObservable(loadChunk$(never, ts)).toBe('a 119999ms (b|)', {
        a: { status: 'loading' },
        b: { status: 'failed', reason: 'timeout' },
      });
    });
  });
});

describe('LazyScreen', () => {
  it('shows "Loading..." while the code loads, then the screen', async () => {
    let resolve!: (m: { default: typeof Screen }) => void;
    const chunk = createChunk(() => new Promise((r) => (resolve = r)));
    render(<LazyScreen chunk={chunk} />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await act(async () => resolve({ default: Screen }));
    expect(screen.getByRole('heading').textContent).toBe('Dashboard');
  });

  it('offers a retry after a failed load and loads again', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Screen });
    const chunk = createChunk(load);
    render(<LazyScreen chunk={chunk} />);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This screen could not be loaded.Retry',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(screen.getByRole('heading').textContent).toBe('Dashboard');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads a screen preloaded before it is shown once, and shows it at once', async () => {
    const load = vi.fn().mockResolvedValue({ default: Screen });
    const chunk = createChunk(load);
    chunk.preload();
    chunk.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {});
    render(<LazyScreen chunk={chunk} />);
    expect(screen.getByRole('heading').textContent).toBe('Dashboard');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a screen once however often it is shown', async () => {
    const load = vi.fn().mockResolvedValue({ default: Screen });
    const chunk = createChunk(load);
    const { unmount } = render(<LazyScreen chunk={chunk} />);
    await screen.findByRole('heading');
    unmount();
    render(<LazyScreen chunk={chunk} />);
    expect(screen.getByRole('heading').textContent).toBe('Dashboard');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
