import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import Check from 'lucide-react/icons/check';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Info from 'lucide-react/icons/info';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Wifi from 'lucide-react/icons/wifi';
import WifiOff from 'lucide-react/icons/wifi-off';
import X from 'lucide-react/icons/x';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BadgeConnection, ConnectionBadge } from './connection-badge';
import { Icon } from './icon';
import { LoadingOverlay, ProcessingIndicator } from './loading-overlay';
import { LocationSelect } from './location-select';
import { StatusBadge, type StatusVariant } from './status-badge';
import { createToastStore, type ToastPosition } from './toast-store';
import { ToastProvider } from './toasts';

afterEach(cleanup);

describe('ConnectionBadge', () => {
  it.each<[BadgeConnection, string, string]>([
    [
      { name: 'CONNECTED', attempt: 0, reason: null },
      'Connected',
      'You are connected and receiving real-time updates',
    ],
    [
      { name: 'CONNECTING', attempt: 0, reason: null },
      'Connecting...',
      'Attempting to establish connection...',
    ],
    [
      { name: 'DISCONNECTED', attempt: 0, reason: null },
      'Disconnected',
      'Connection lost. Will attempt to reconnect automatically.',
    ],
    [
      { name: 'ERROR', attempt: 1, reason: 'x' },
      'Connection Error',
      'Connection lost. Will attempt to reconnect automatically.',
    ],
    [
      { name: 'FAILED', attempt: 8, reason: 'x' },
      'Connection Error',
      'Failed to connect. Please refresh the page.',
    ],
    [null, 'Unknown', 'Connection state unknown'],
  ])('%o reads "%s" with detail "%s"', (state, text, detail) => {
    render(<ConnectionBadge state={state} mobile={false} />);
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(tip.firstChild!.textContent).toBe(detail);
    const badge = tip.parentElement!;
    expect(badge.querySelector('span:not([role])')!.textContent).toBe(text);
    expect(badge.getAttribute('aria-describedby')).toBe(tip.id);
    expect(badge.tagName).toBe('BUTTON');
  });

  it('names the reason and the attempt while not connected', () => {
    render(
      <ConnectionBadge
        state={{ name: 'ERROR', reason: 'Failed to establish connection', attempt: 2 }}
        mobile={false}
      />,
    );
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toContain(
      'Failed to establish connectionReconnect attempt 2',
    );
  });

  it("adds SPEC 4's quality, the last latency and the errors in a row to the detail", () => {
    const connected: BadgeConnection = { name: 'CONNECTED', attempt: 0, reason: null };
    const { rerender } = render(
      <ConnectionBadge
        state={connected}
        health={{ quality: 'good', latencyMs: 1_234.4, errors: 0 }}
        mobile={false}
      />,
    );
    const tip = () => screen.getByRole('tooltip', { hidden: true }).textContent;
    expect(tip()).toBe(
      'You are connected and receiving real-time updatesQuality: goodLast latency: 1,234 msErrors in a row: 0',
    );
    rerender(
      <ConnectionBadge
        state={connected}
        health={{ quality: 'poor', latencyMs: null, errors: 6 }}
        mobile={false}
      />,
    );
    expect(tip()).toContain('Quality: poorLast latency: not measured yetErrors in a row: 6');
  });

  it('is not shown on mobile', () => {
    const { container } = render(
      <ConnectionBadge state={{ name: 'CONNECTED', attempt: 0, reason: null }} mobile />,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('LoadingOverlay and ProcessingIndicator', () => {
  it('reads "Processing..." by default and takes another text', () => {
    const { rerender } = render(<LoadingOverlay show />);
    expect(screen.getByRole('alert').textContent).toBe('Processing...');
    rerender(<LoadingOverlay show text="Saving pallet" />);
    expect(screen.getByRole('alert').textContent).toBe('Saving pallet');
    rerender(<LoadingOverlay show={false} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stops every key while shown: an action behind it cannot be started', () => {
    const pressed = vi.fn();
    const { rerender } = render(
      <>
        <button type="button" onKeyDown={pressed}>
          New order
        </button>
        <LoadingOverlay show />
      </>,
    );
    const behind = screen.getByRole('button', { name: 'New order' });
    fireEvent.keyDown(behind, { key: 'Enter' });
    expect(pressed).not.toHaveBeenCalled();
    rerender(
      <>
        <button type="button" onKeyDown={pressed}>
          New order
        </button>
        <LoadingOverlay show={false} />
      </>,
    );
    fireEvent.keyDown(behind, { key: 'Enter' });
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('has a small corner indicator', () => {
    render(<ProcessingIndicator show />);
    expect(screen.getByRole('status').textContent).toBe('Processing...');
  });
});

describe('StatusBadge', () => {
  it.each<[StatusVariant, string]>([
    ['fresh', 'Fresh'],
    ['ripening', 'Ripening'],
    ['near_expiry', 'Near expiry'],
    ['urgent', 'Urgent'],
    ['cold', 'Cold'],
    ['ambient', 'Ambient'],
    ['normal', 'Normal'],
    ['low', 'Low'],
  ])('%s reads %s', (variant, label) => {
    const { container } = render(<StatusBadge variant={variant} />);
    expect(container.textContent).toBe(label);
    expect((container.firstChild as HTMLElement).dataset.variant).toBe(variant);
  });

  it('shows ripening progress, clamped to 0–100 %', () => {
    const { container, rerender } = render(<StatusBadge variant="ripening" progress={42.4} />);
    expect(container.textContent).toBe('Ripening42%');
    rerender(<StatusBadge variant="ripening" progress={140} />);
    expect(container.textContent).toBe('Ripening100%');
  });
});

describe('LocationSelect', () => {
  it('is labelled "Select Location" and reports the chosen id', () => {
    const onChange = vi.fn();
    const locations = [
      { id: 'l1', name: 'Naaldwijk' },
      { id: 'l2', name: 'Venlo' },
    ];
    render(<LocationSelect locations={locations} value={null} onChange={onChange} />);
    const select = screen.getByLabelText('Select Location') as HTMLSelectElement;
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'l2' } });
    expect(onChange).toHaveBeenCalledWith('l2');
  });
});

describe('Icon', () => {
  const drawn = { CircleAlert, Check, Info, LoaderCircle, TriangleAlert, Wifi, WifiOff, X };
  it.each(Object.entries(drawn))('draws %s, decorative unless labelled', (name, of) => {
    const { container, rerender } = render(<Icon of={of} />);
    const svg = container.querySelector('svg')!;
    expect(
      svg.classList.contains(`lucide-${name.replace(/[A-Z]/g, (c, i) => (i ? '-' : '') + c.toLowerCase())}`),
    ).toBe(true);
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.classList.contains('lucide')).toBe(true);
    expect(svg.querySelector('path, circle')).toBeTruthy();
    rerender(<Icon of={of} label="Status" />);
    expect(screen.getByRole('img', { name: 'Status' })).toBeTruthy();
  });
});

describe('Toasts', () => {
  it('shows a centre toast and a stack of at most three notifications, newest at the edge', () => {
    const store = createToastStore();
    render(
      <ToastProvider store={store}>
        <span />
      </ToastProvider>,
    );
    act(() => {
      store.showToast('Pallet saved', { variant: 'success' });
      for (const m of ['one', 'two', 'three', 'four']) store.notify(m, { variant: 'warning' });
    });
    expect(screen.getAllByText('Pallet saved')).toHaveLength(1);
    const stack = document.querySelector('[data-position="top-right"]') as HTMLElement;
    const items = within(stack).getAllByRole('status');
    expect(items.map((i) => i.textContent)).toEqual(['two', 'three', 'four']);
    expect(items.map((i) => i.style.top)).toEqual(['128px', '68px', '8px']);
    act(() => fireEvent.click(within(items[2]).getByRole('button', { name: 'Dismiss' })));
    expect(
      within(stack)
        .getAllByRole('status')
        .map((i) => i.textContent),
    ).toEqual(['two', 'three']);
  });

  it.each<[ToastPosition, string]>([
    ['top-left', 'top'],
    ['bottom-right', 'bottom'],
    ['bottom-left', 'bottom'],
  ])('stacks from the %s corner', (position, edge) => {
    const store = createToastStore();
    render(
      <ToastProvider store={store} position={position}>
        <span />
      </ToastProvider>,
    );
    act(() => store.notify('Order shipped'));
    const item = screen.getByRole('status');
    expect(item.closest('[data-position]')!.getAttribute('data-position')).toBe(position);
    expect(item.style.getPropertyValue(edge)).toBe('8px');
  });

  it('announces errors as alerts', () => {
    const store = createToastStore();
    render(
      <ToastProvider store={store} position="center">
        <span />
      </ToastProvider>,
    );
    act(() => store.notify('Server error. Please try again later', { variant: 'error' }));
    expect(screen.getByRole('alert').dataset.variant).toBe('error');
  });
});
