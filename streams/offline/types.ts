/** One change made on the phone, kept until the server has answered it. */
export interface QueuedChange {
  /** The change's `Idempotency-Key`: every resend carries it, so the server applies it once. */
  key: string;
  /** Place in the queue: changes are sent in this order. */
  seq: number;
  /** Who made it: only that user's session sends it. */
  userId: string;
  request: QueuedRequest;
  /**
   * What the operator did: a message of the app's catalogue and its parameters, data only (ids,
   * names, numbers), worded when shown, in the reader's language ("Store pallet …a1b2c3 in Cold
   * store A · Row 1"). A change kept by an older app holds its words instead.
   */
  label: ChangeLabel | string;
  /** When it was made (the scheduler's clock, ms). */
  queuedAt: number;
  /**
   * The server's refusal, once it refused: kept and shown until the operator dismisses it, worded
   * when shown. A change refused under an older app holds its words instead.
   */
  conflict?: KeptRefusal | string;
}

/**
 * A refusal as the server answered it, kept as plain data: its English message, status, code and
 * params, from which the app words it in the reader's language.
 */
export interface KeptRefusal {
  message: string;
  status: number | null;
  code: string | null;
  params: Readonly<Record<string, unknown>>;
}

/** What a change did, as its message's key (the app words it) and that message's parameters. */
export interface ChangeLabel {
  key: string;
  params: Readonly<Record<string, string | number>>;
}

/** The call a change makes. */
export interface QueuedRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Where the queue is kept across reloads: IndexedDB in the browser, a Map in tests. */
export interface QueueStorage {
  /** Every kept change, in any order. */
  all(): Promise<QueuedChange[]>;
  put(change: QueuedChange): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What sending one change came to. */
export type SendOutcome =
  | { change: QueuedChange; result: 'sent'; answer: unknown }
  /** The server said no (a conflict, a full row): the change is not sent again. */
  | { change: QueuedChange; result: 'refused'; error: unknown }
  /** No answer (offline, server down): this change and those after it wait for the next drain. */
  | { change: QueuedChange; result: 'unreachable'; error: unknown };
