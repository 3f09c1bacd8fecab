import {
  asyncScheduler,
  BehaviorSubject,
  distinctUntilChanged,
  filter,
  map,
  NEVER,
  type SchedulerLike,
  Subject,
  startWith,
  switchMap,
  takeUntil,
  timer,
} from 'rxjs';
import {
  notificationItemHeightPx,
  notificationSpacingPx,
  notificationStackMax,
  toastDefaultDurationMs,
} from '../../streams/config';

/** Toast variants of SPEC 2. */
export type ToastVariant = 'error' | 'success' | 'warning' | 'info';
/** Where the notification stack sits (SPEC 2). */
export type ToastPosition = 'top-right' | 'top-left' | 'bottom-right' | 'bottom-left' | 'center';

export type Toast = { id: number; message: string; variant: ToastVariant; durationMs: number };
export type ToastState = { centre: Toast | null; stack: Toast[] };

type Options = { variant?: ToastVariant; durationMs?: number };
type Action = { kind: 'centre' | 'stack'; toast: Toast } | { kind: 'dismiss'; id: number };

/** Distance of the i-th notification from the stack's edge: 8 px plus 60 px per item before it. */
export const notificationOffsetPx = (index: number) =>
  notificationSpacingPx + index * notificationItemHeightPx;

function reduce(state: ToastState, action: Action): ToastState {
  switch (action.kind) {
    case 'centre':
      return { ...state, centre: action.toast };
    case 'stack':
      return { ...state, stack: [...state.stack, action.toast].slice(-notificationStackMax) };
    case 'dismiss':
      if (state.centre?.id !== action.id && !state.stack.some((t) => t.id === action.id)) return state;
      return {
        centre: state.centre?.id === action.id ? null : state.centre,
        stack: state.stack.filter((t) => t.id !== action.id),
      };
  }
}

/**
 * The centre toast (one at a time, a new one replaces it) and the notification stack (newest last,
 * at most 3). Each disappears after its duration, 3000 ms by default, unless dismissed first; a
 * toast being read (`hold`: the pointer on it, or the focus in it) stays, and its whole duration
 * starts again once it is let go (`release`), so a long message can be read to its end. A
 * message `quiet` holds back is not shown (a call that failed because the phone is offline: the
 * offline banner says so already).
 */
export function createToastStore(
  scheduler: SchedulerLike = asyncScheduler,
  quiet: (message: string) => boolean = () => false,
) {
  let nextId = 1;
  const held$ = new Subject<{ id: number; held: boolean }>();
  const state = new BehaviorSubject<ToastState>({ centre: null, stack: [] });
  const apply = (action: Action) => {
    const next = reduce(state.value, action);
    if (next !== state.value) state.next(next);
  };
  const gone = (id: number) => (now: ToastState) =>
    now.centre?.id !== id && !now.stack.some((t) => t.id === id);
  const show = (action: Action & { kind: 'centre' | 'stack' }) => {
    const { toast } = action;
    apply(action);
    // the toast's wait ends with the toast, whatever made it go: its time, a dismissal, a newer toast
    held$
      .pipe(
        filter(({ id }) => id === toast.id),
        map(({ held }) => held),
        startWith(false),
        distinctUntilChanged(),
        switchMap((held) => (held ? NEVER : timer(toast.durationMs, scheduler))),
        takeUntil(state.pipe(filter(gone(toast.id)))),
      )
      .subscribe(() => apply({ kind: 'dismiss', id: toast.id }));
  };

  const make = (
    message: string,
    { variant = 'info', durationMs = toastDefaultDurationMs }: Options,
  ): Toast => ({
    id: nextId++,
    message,
    variant,
    durationMs,
  });
  return {
    state$: state.asObservable(),
    /** Shows the single centre-screen toast. */
    showToast: (message: string, options: Options = {}) => {
      if (!quiet(message)) show({ kind: 'centre', toast: make(message, options) });
    },
    /** Adds a notification to the top-right stack. */
    notify: (message: string, options: Options = {}) => {
      if (!quiet(message)) show({ kind: 'stack', toast: make(message, options) });
    },
    dismiss: (id: number) => apply({ kind: 'dismiss', id }),
    /** The toast is being read: it stays until released. */
    hold: (id: number) => held$.next({ id, held: true }),
    /** The toast is no longer read: it goes after its whole duration from now. */
    release: (id: number) => held$.next({ id, held: false }),
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;
