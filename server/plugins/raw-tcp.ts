import { connect, type Socket } from 'node:net';
import { Observable, type TeardownLogic } from 'rxjs';
import { printTimeoutMs } from '../../streams/config';
import type { PrintOutcome, PrintResult, SocketWire } from '../../streams/printing';

/** Socket errors that mean no route to the printer's address, or no such host name. */
const unreachableCodes = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

/**
 * Sends `data` to a label printer's raw TCP port (Zebra's 9100: whatever arrives is printed) and
 * answers what happened within `timeoutMs`: sent (every byte handed to the network and the
 * connection closed for writing), refused, timed out, unreachable, or another socket failure.
 * Never rejects: a printer's trouble is the answer, not a server error.
 */
export function sendRaw(
  host: string,
  port: number,
  data: Buffer,
  timeoutMs = printTimeoutMs,
): Promise<PrintResult> {
  const started = performance.now();
  const where = `${host}:${port}`;
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (outcome: PrintOutcome) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...outcome, elapsedMs: Math.round(performance.now() - started) });
    };
    const timer = setTimeout(
      () =>
        finish({
          status: 'timed_out',
          message: `The printer at ${where} did not take the label within ${timeoutMs / 1000} s`,
        }),
      timeoutMs,
    );
    socket.once('connect', () =>
      socket.end(data, () => finish({ status: 'sent', bytes: socket.bytesWritten })),
    );
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? 'unknown error';
      if (code === 'ECONNREFUSED') {
        finish({
          status: 'refused',
          message: `The printer at ${where} refused the connection: is it on, and is the port right?`,
        });
      } else if (code === 'ETIMEDOUT') {
        finish({ status: 'timed_out', message: `The printer at ${where} did not answer` });
      } else if (unreachableCodes.has(code)) {
        finish({ status: 'unreachable', message: `The printer at ${where} cannot be reached (${code})` });
      } else {
        finish({ status: 'failed', message: `Sending to the printer at ${where} failed (${code})` });
      }
    });
  });
}

/**
 * A conversation with a device's raw TCP port (a printer's status query, a scale): subscribing
 * connects, and once connected `talk` may write (what it answers is torn down with the socket);
 * the device's bytes come as latin1 text as they arrive; a failed connection errors, the
 * device's hang-up completes; unsubscribing closes the socket.
 */
export function rawTalk(
  host: string,
  port: number,
  talk: (socket: Socket) => TeardownLogic,
): Observable<SocketWire> {
  return new Observable<SocketWire>((subscriber) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      subscriber.next({ kind: 'connected' });
      subscriber.add(talk(socket));
    });
    socket.on('data', (chunk) => subscriber.next({ kind: 'text', text: chunk.toString('latin1') }));
    socket.once('error', (error) => subscriber.error(error));
    socket.once('close', () => subscriber.complete());
    return () => socket.destroy();
  });
}
