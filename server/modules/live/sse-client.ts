import { type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';

/** One dispatched server-sent event. */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Incremental `text/event-stream` parser (the WHATWG rules this server relies on: `id`, `event`,
 * `data` lines, a blank line dispatches, `:` comments ignored). Feed it decoded text in any chunks.
 */
export class SseParser {
  private rest = '';
  private id: string | undefined;
  private event = '';
  private data: string[] = [];

  /** Parses `chunk` and answers the events it completed. */
  push(chunk: string): SseMessage[] {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop()!;
    const done: SseMessage[] = [];
    for (const raw of lines) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line === '') {
        if (this.data.length > 0 || this.event) {
          done.push({ id: this.id, event: this.event || 'message', data: this.data.join('\n') });
        }
        this.id = undefined;
        this.event = '';
        this.data = [];
        continue;
      }
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1);
      if (field === 'id') this.id = value;
      else if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
    }
    return done;
  }
}

/** An open (or refused) event stream. */
export interface SseConnection {
  status: number;
  headers: IncomingHttpHeaders;
  /** The response, to pause reading (slow-client tests) or watch for its end. */
  response: IncomingMessage;
  /** Resolves when the server ends the stream or the connection drops. */
  closed: Promise<void>;
  /** Drops the connection. */
  close(): void;
}

/**
 * Opens `url` as an event stream on its own socket (Node's http, no agent) and calls `onMessage`
 * for every event. A refused stream (401, 403, 503…) still resolves: read `status`. Used by the
 * tests and by `npm run bench:sse`; a minimal stand-in for the browser's EventSource.
 */
export function openSse(
  url: string,
  onMessage: (message: SseMessage) => void,
  headers: Record<string, string> = {},
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { agent: false, headers: { Accept: 'text/event-stream', ...headers } },
      (response) => {
        const parser = new SseParser();
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          for (const message of parser.push(chunk)) onMessage(message);
        });
        const closed = new Promise<void>((done) => {
          response.once('close', done);
          response.once('error', () => done());
        });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          response,
          closed,
          close: () => req.destroy(),
        });
      },
    );
    req.once('error', reject);
    req.end();
  });
}
