import type { ComponentType, ReactNode } from 'react';
import {
  asyncScheduler,
  BehaviorSubject,
  catchError,
  defer,
  from,
  map,
  type Observable,
  of,
  type SchedulerLike,
  startWith,
  timeout,
} from 'rxjs';
import { chunkLoadTimeoutMs } from '../../streams/config';

/** A lazily loaded component: a screen, or the frame that holds screens (its children). */
type Lazy = ComponentType<{ children?: ReactNode }>;

export type ChunkState =
  | { status: 'loading' }
  | { status: 'ready'; Component: Lazy }
  | { status: 'failed'; reason: (typeof chunkFailures)[number] };

/** Why a screen's code did not arrive: it took too long, or the request failed. */
export const chunkFailures = ['timeout', 'failed'] as const;

type Loader = () => Promise<{ default: Lazy }>;

/** One attempt to load a screen's code: loading, then ready, or failed after an error or 120 s. */
export function loadChunk$(load: Loader, scheduler: SchedulerLike = asyncScheduler): Observable<ChunkState> {
  return defer(() => from(load())).pipe(
    timeout({ first: chunkLoadTimeoutMs, scheduler }),
    map((mod): ChunkState => ({ status: 'ready', Component: mod.default })),
    catchError((err: unknown) =>
      of<ChunkState>({
        status: 'failed',
        reason: err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'failed',
      }),
    ),
    startWith<ChunkState>({ status: 'loading' }),
  );
}

/**
 * A lazily loaded screen: loads on first read (or when asked to before), keeps the loaded code,
 * and can retry a failure.
 */
export function createChunk(load: Loader, scheduler: SchedulerLike = asyncScheduler) {
  const state = new BehaviorSubject<ChunkState | null>(null);
  const attempt = () => {
    loadChunk$(load, scheduler).subscribe((s) => state.next(s));
  };
  const start = () => {
    if (state.value === null) attempt();
  };
  return {
    state$: defer(() => {
      start();
      return state;
    }) as Observable<ChunkState>,
    /** Starts loading before anything reads it (a screen about to be shown). */
    preload: start,
    retry: () => {
      if (state.value?.status === 'failed') attempt();
    },
  };
}

export type Chunk = ReturnType<typeof createChunk>;
