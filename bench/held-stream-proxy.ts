import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A proxy in front of the server whose live event streams can be held and let go event by event. */
export interface HeldStreamProxy {
  /** `http://127.0.0.1:<port>`: open the app here. */
  url: string;
  /** From now on the live streams' events wait in the proxy instead of reaching the page. */
  hold(): void;
  /** Lets the first `count` held live updates (and anything held before them) through, in one write. */
  release(count: number): void;
  /** Lets everything held through and stops holding. */
  resume(): void;
  /** How many live updates wait. */
  held(): number;
  close(): Promise<void>;
}

const updateFrame = /(^|\n)event: update\n/;

/**
 * Starts a pass-through proxy to `target`. Its purpose: to bring a page live events that were
 * committed over seconds as one burst, as a stream catching up after a stall brings them, so a
 * benchmark can time one delivery of many events on a server that cannot commit them as fast.
 */
export async function startHeldStreamProxy(target: string): Promise<HeldStreamProxy> {
  const streams = new Set<{ response: ServerResponse; frames: string[]; partial: string }>();
  let holding = false;
  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      `${target}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!incoming.url?.startsWith('/api/sse/')) {
          answer.pipe(outgoing);
          return;
        }
        outgoing.flushHeaders();
        const stream = { response: outgoing, frames: [] as string[], partial: '' };
        streams.add(stream);
        answer.setEncoding('utf8');
        answer.on('data', (text: string) => {
          if (!holding && stream.frames.length === 0) {
            outgoing.write(text);
            return;
          }
          // SSE frames end with a blank line: hold whole frames, so a release never splits one
          const parts = (stream.partial + text).split('\n\n');
          stream.partial = parts.pop() ?? '';
          stream.frames.push(...parts.map((frame) => `${frame}\n\n`));
        });
        answer.on('end', () => outgoing.end());
        outgoing.on('close', () => {
          streams.delete(stream);
          answer.destroy();
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const heldUpdates = (frames: string[]) => frames.filter((frame) => updateFrame.test(frame)).length;
  return {
    url: `http://127.0.0.1:${port}`,
    hold: () => {
      holding = true;
    },
    release(count) {
      for (const stream of streams) {
        let updates = 0;
        let end = 0;
        while (end < stream.frames.length && updates < count)
          if (updateFrame.test(stream.frames[end++])) updates++;
        stream.response.write(stream.frames.splice(0, end).join(''));
      }
    },
    resume() {
      holding = false;
      for (const stream of streams) {
        stream.response.write(stream.frames.join('') + stream.partial);
        stream.frames = [];
        stream.partial = '';
      }
    },
    held: () => Math.max(0, ...[...streams].map((stream) => heldUpdates(stream.frames))),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
