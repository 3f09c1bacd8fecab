import { createServer, type Socket } from 'node:net';

/**
 * The printer ports of a server that tests print on: fake printers listen on whatever free port
 * the system gives (never a privileged one), beside Zebra's 9100. Env form, PRINTER_PORTS.
 */
export const fakePrinterPorts = '9100,1024-65535';

/** A label printer's raw port on 127.0.0.1: every connection's bytes, up to its close, are one job. */
export interface FakePrinter {
  port: number;
  /** The jobs received so far, oldest first. */
  jobs: Buffer[];
  /** The next job to arrive (or the oldest not yet taken). */
  nextJob(): Promise<Buffer>;
  close(): Promise<void>;
}

/** Starts a {@link FakePrinter} on a free port. */
export async function startFakePrinter(): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      for (const wake of waiting.splice(0)) wake();
      socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    jobs,
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
}

/** A port on 127.0.0.1 that nothing listens on (connections to it are refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
