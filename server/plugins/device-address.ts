import { isIP } from 'node:net';
import { z } from 'zod';
import type { App } from '../app-type';
import { portAllowed, portRangesText } from '../config';
import { fieldError, invalid } from './errors';

/**
 * Where the server reaches a device on the packhouse floor (a label printer, a scale) over raw
 * TCP: a host and a port on the server's PRINTER_PORTS list, which keeps the server from being
 * pointed at any other service.
 */

/** RFC 1123 host names: dot-separated labels of letters, digits and inner hyphens. */
const hostNamePattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const hostSchema = z
  .string()
  .trim()
  .refine((host) => isIP(host) !== 0 || hostNamePattern.test(host), 'must be a host name or an IP address');

export const portSchema = z
  .number()
  .int()
  .min(1, 'must be a TCP port, 1 to 65535')
  .max(65535, 'must be a TCP port, 1 to 65535');

/** 422 with `code` on `port` unless `port` is one the server may reach devices on (PRINTER_PORTS). */
export function assertDevicePort(
  app: App,
  port: number | undefined,
  code: 'PRINTER_PORT_NOT_ALLOWED' | 'SCALE_PORT_NOT_ALLOWED',
  message: (allowedPorts: string) => string,
): void {
  if (port !== undefined && !portAllowed(app.config.printerPorts, port)) {
    const allowedPorts = portRangesText(app.config.printerPorts);
    throw invalid({ port: fieldError(code, message(allowedPorts), { allowedPorts }) });
  }
}
