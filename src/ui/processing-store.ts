import { BehaviorSubject, type Observable } from 'rxjs';

/** How a piece of work shows: blocking the page (the full-screen overlay) or in the corner. */
export type ProcessingKind = 'blocking' | 'background';

/** A piece of work under way, with what it says (SPEC 2's "Processing..." when it says nothing). */
export type ProcessingJob = { id: number; kind: ProcessingKind; text?: string };

/** The work under way, oldest first. */
export type ProcessingState = readonly ProcessingJob[];

/** The work the page is doing, and the commands that do work while showing it. */
export interface ProcessingStore {
  state$: Observable<ProcessingState>;
  /** Runs `work` behind the full-screen overlay: an action that must not be interrupted. */
  block<T>(work: () => Promise<T>, text?: string): Promise<T>;
  /** Runs `work` with the corner indicator showing, the page still usable. */
  inBackground<T>(work: () => Promise<T>, text?: string): Promise<T>;
}

/** The processing overlay's and corner indicator's state (SPEC 2), shared by every screen. */
export function createProcessingStore(): ProcessingStore {
  const state = new BehaviorSubject<ProcessingState>([]);
  let nextId = 1;
  const run = async <T>(kind: ProcessingKind, work: () => Promise<T>, text?: string): Promise<T> => {
    const job: ProcessingJob = { id: nextId++, kind, text };
    state.next([...state.value, job]);
    try {
      return await work();
    } finally {
      state.next(state.value.filter((j) => j.id !== job.id));
    }
  };
  return {
    state$: state.asObservable(),
    block: (work, text) => run('blocking', work, text),
    inBackground: (work, text) => run('background', work, text),
  };
}
