import { createServer, type Socket } from 'node:net';
import { mtSicsWeightQuery, type ScaleProtocol, scaleLine } from '../../streams/scales';

/** One weight a fake scale shows, with or without its stable flag. */
export interface FakeWeight {
  weightKg: number;
  stable: boolean;
}

/**
 * A network scale on 127.0.0.1: an MT-SICS one answers each `SI` with the next weight of its
 * script; a continuous one sends the next weight every `intervalMs` unasked. After its script,
 * it keeps showing the last weight; while `silent`, it sends nothing (answers nothing).
 */
export interface FakeScale {
  port: number;
  protocol: ScaleProtocol;
  /** Weights still to show, first next; the last one stays. */
  script: FakeWeight[];
  silent: boolean;
  /** Connections made to it so far, and how many are open. */
  connections: number;
  open(): number;
  /** `SI` queries received (MT-SICS). */
  queries: number;
  close(): Promise<void>;
}

/** A pallet put on the scale: unstable while it settles, then stable at `kg`. */
export const settling = (kg: number, unstable = 5): FakeWeight[] => [
  ...Array.from({ length: unstable }, (_, i) => ({ weightKg: kg - 0.5 + i * 0.1, stable: false })),
  { weightKg: kg, stable: true },
];

/** Starts a {@link FakeScale} on a free port. */
export async function startFakeScale(
  protocol: ScaleProtocol,
  script: FakeWeight[],
  intervalMs = 100,
): Promise<FakeScale> {
  const sockets = new Set<Socket>();
  const next = () => {
    const weight = fake.script.length > 1 ? fake.script.shift()! : fake.script[0];
    return weight ? scaleLine(protocol, weight.weightKg, weight.stable) : '';
  };
  const server = createServer((socket) => {
    fake.connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    if (protocol === 'continuous') {
      const sending = setInterval(() => {
        if (!fake.silent) socket.write(next());
      }, intervalMs);
      socket.on('close', () => clearInterval(sending));
      return;
    }
    let asked = '';
    socket.on('data', (chunk) => {
      asked += chunk.toString('latin1');
      for (let at = asked.indexOf(mtSicsWeightQuery); at !== -1; at = asked.indexOf(mtSicsWeightQuery)) {
        asked = asked.slice(at + mtSicsWeightQuery.length);
        fake.queries++;
        if (!fake.silent) socket.write(next());
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeScale = {
    port: (server.address() as { port: number }).port,
    protocol,
    script: [...script],
    silent: false,
    connections: 0,
    open: () => sockets.size,
    queries: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return fake;
}
