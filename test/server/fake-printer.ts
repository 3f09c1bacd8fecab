import { createServer, type Socket } from 'node:net';
import { hostStatusQuery } from '../../streams/printing';

/**
 * The printer ports of a server that tests print on: fake printers listen on whatever free port
 * the system gives (never a privileged one), beside Zebra's 9100. Env form, PRINTER_PORTS.
 */
export const fakePrinterPorts = '9100,1024-65535';

/**
 * A label printer's raw port on 127.0.0.1: every connection's bytes, up to its close, are one
 * job, except a connection that asks `~HS`, which gets `status` (as `hostStatusAnswer` makes it)
 * or, while `status` is null, no answer at all.
 */
export interface FakePrinter {
  port: number;
  /** The jobs received so far, oldest first. */
  jobs: Buffer[];
  /** The answer to `~HS`; null: the printer does not answer status. */
  status: string | null;
  /** How many times it was asked for its status. */
  statusQueries: number;
  /** The next job to arrive (or the oldest not yet taken). */
  nextJob(): Promise<Buffer>;
  close(): Promise<void>;
}

/** Starts a {@link FakePrinter} on a free port. */
export async function startFakePrinter(status: string | null = null): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    const asked = () => Buffer.concat(chunks).toString('latin1') === hostStatusQuery;
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (!asked()) return;
      fake.statusQueries++;
      if (fake.status !== null) socket.write(fake.status);
    });
    socket.on('error', () => {}); // a status query is cut off once answered
    socket.on('end', () => {
      if (asked()) return void socket.end();
      jobs.push(Buffer.concat(chunks));
      for (const wake of waiting.splice(0)) wake();
      socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const fake: FakePrinter = {
    port: address.port,
    jobs,
    status,
    statusQueries: 0,
    async nextJob() {
      while (jobs.length <= taken) await new Promise<void>((resolve) => waiting.push(resolve));
      return jobs[taken++];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** A port on 127.0.0.1 that nothing listens on (connections to it are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
