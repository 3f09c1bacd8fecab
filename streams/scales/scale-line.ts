/**
 * What network scales send, line by line. Two protocols cover the scales of a packhouse:
 * Mettler Toledo's MT-SICS, where the scale answers `SI` ("send the weight now") with
 * `S S      12.34 kg` (S stable, D dynamic: still moving), and the continuous output most
 * industrial indicators send unasked, `ST,GS,+0012.34kg` (ST stable, US unstable; GS gross,
 * NT net).
 */

/** The protocols a scale may speak. */
export const scaleProtocols = ['mt-sics', 'continuous'] as const;

/** One of {@link scaleProtocols}. */
export type ScaleProtocol = (typeof scaleProtocols)[number];

/** One weight a scale sent: `stable` is its own stable flag, undefined when it sends none. */
export interface ScaleReading {
  weightKg: number;
  stable: boolean | undefined;
  /** When it was read (ms since the epoch). */
  at: number;
}

/** What an MT-SICS scale is asked to send its current weight, stable or not. */
export const mtSicsWeightQuery = 'SI\r\n';

/** Kilograms per unit, for the units scales send. */
const unitKg: Record<string, number> = { kg: 1, g: 0.001, t: 1000, lb: 0.45359237 };

/** A weight with sign, digits and an optional fraction; spaces may pad it (`+  12.34`). */
const weightPattern = String.raw`([-+]?)\s*(\d{1,9}(?:\.\d{1,6})?)\s*([a-z]{1,2})`;

/**
 * `S S` or `S D` and a weight. Other replies to `SI` carry none: `S I` (busy), `S +` (overload),
 * `S -` (underload), `ES`, `ET`, `EL` (the scale did not understand).
 */
const mtSicsPattern = new RegExp(String.raw`^S\s+([SD])\s+${weightPattern}$`, 'i');

/**
 * A continuous line: optionally ST/US (OL, overload, carries no weight), optionally GS/NT (or
 * GW/NW), then the weight: `ST,GS,+0012.34kg`, `US,NT,-0000.50kg`, `+0012.34kg`.
 */
const continuousPattern = new RegExp(
  String.raw`^(?:(ST|US)\s*,\s*)?(?:(?:GS|NT|GW|NW)\s*,\s*)?${weightPattern}$`,
  'i',
);

/** Control characters some indicators frame their lines with (STX, ETX, CR…), and spaces. */
const framing = /^[\s\p{Cc}]+|[\s\p{Cc}]+$/gu;

/** Kilograms of a matched weight, or null for a unit that is not a weight. */
function kilograms(sign: string, digits: string, unit: string): number | null {
  const factor = unitKg[unit.toLowerCase()];
  if (factor === undefined) return null;
  const kg = Math.round(Number(digits) * factor * 1e6) / 1e6;
  return sign === '-' && kg !== 0 ? -kg : kg;
}

/**
 * The reading one line of a scale holds (without its line end), or null for any other line:
 * an error reply, an overload, garbage. Never throws.
 */
export function parseScaleLine(protocol: ScaleProtocol, line: string, at: number): ScaleReading | null {
  const text = line.replace(framing, '');
  if (text.length > 64) return null;
  if (protocol === 'mt-sics') {
    const match = mtSicsPattern.exec(text);
    if (!match) return null;
    const weightKg = kilograms(match[2], match[3], match[4]);
    return weightKg === null ? null : { weightKg, stable: match[1].toUpperCase() === 'S', at };
  }
  const match = continuousPattern.exec(text);
  if (!match) return null;
  const weightKg = kilograms(match[2], match[3], match[4]);
  const flag = match[1]?.toUpperCase();
  return weightKg === null ? null : { weightKg, stable: flag === undefined ? undefined : flag === 'ST', at };
}

/** A reading as a scale of `protocol` sends it (for fake scales and tests). */
export function scaleLine(protocol: ScaleProtocol, weightKg: number, stable: boolean): string {
  const digits = Math.abs(weightKg).toFixed(2);
  if (protocol === 'mt-sics')
    return `S ${stable ? 'S' : 'D'} ${`${weightKg < 0 ? '-' : ''}${digits}`.padStart(10)} kg\r\n`;
  return `${stable ? 'ST' : 'US'},GS,${weightKg < 0 ? '-' : '+'}${digits.padStart(7, '0')}kg\r\n`;
}
