/**
 * A label printer's host status as Zebra's `~HS` answers it: three strings, each framed by STX
 * (0x02) and ETX (0x03) and ended by CR LF. String 1 is `aaa,b,c,dddd,eee,f,g,h,iii,j,k,l`
 * (b paper out, c paused, eee label formats in the receive buffer, l over temperature), string 2
 * `mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www` (o head open, p ribbon out, t a label waiting to be taken),
 * string 3 `xxxx,y`.
 */
export interface HostStatus {
  paperOut: boolean;
  paused: boolean;
  headOpen: boolean;
  ribbonOut: boolean;
  overTemperature: boolean;
  /** Label formats in the printer's buffer, not printed yet. */
  labelsWaiting: number;
}

/** What the printer screen and the print button say about a printer. */
export const printerStates = ['ready', 'paper_out', 'head_open', 'paused', 'unreachable', 'unknown'] as const;

/** One of {@link printerStates}. */
export type PrinterState = (typeof printerStates)[number];

/** A printer's state and its last status answer (null while it never answered one). */
export interface PrinterStatus {
  state: PrinterState;
  flags: HostStatus | null;
}

/** The status of a printer the server has not heard from yet, or that does not answer `~HS`. */
export const statusUnknown: PrinterStatus = { state: 'unknown', flags: null };

/** The command that asks a Zebra printer for its host status. */
export const hostStatusQuery = '~HS';

const stx = '\x02';
const etx = '\x03';

/** The strings of `text` framed by STX and ETX, in order. */
function framedStrings(text: string): string[] {
  const framed: string[] = [];
  for (let start = text.indexOf(stx); start !== -1; start = text.indexOf(stx, start + 1)) {
    const end = text.indexOf(etx, start + 1);
    if (end === -1) break;
    const body = text.slice(start + 1, end);
    if (!body.includes(stx)) framed.push(body);
  }
  return framed;
}

/** A field list of at least `count` fields, each digits only. */
const fieldsOf = (line: string, count: number): string[] | null => {
  const fields = line.split(',').map((field) => field.trim());
  return fields.length >= count && fields.every((field) => /^\d+$/.test(field)) ? fields : null;
};

/** The status a `~HS` answer (possibly among other bytes) carries, or null when `text` holds none. */
export function parseHostStatus(text: string): HostStatus | null {
  const framed = framedStrings(text);
  for (let i = 0; i + 2 < framed.length; i++) {
    const status = statusOf(framed[i], framed[i + 1]);
    if (status) return status;
  }
  return null;
}

/** The status two answer strings carry, or null when they are not the first two of an answer. */
function statusOf(line1: string, line2: string): HostStatus | null {
  const first = fieldsOf(line1, 12);
  const second = fieldsOf(line2, 11);
  if (!first || !second) return null;
  return {
    paperOut: first[1] === '1',
    paused: first[2] === '1',
    headOpen: second[2] === '1',
    ribbonOut: second[3] === '1',
    overTemperature: first[11] === '1',
    labelsWaiting: Number(first[4]),
  };
}

/** The state a status answer puts a printer in: an open head first, as it is the one to fix first. */
export function stateOf(flags: HostStatus): PrinterState {
  if (flags.headOpen) return 'head_open';
  if (flags.paperOut) return 'paper_out';
  if (flags.paused) return 'paused';
  return 'ready';
}

/** Whether a job sent to a printer in `state` would be lost: it takes the bytes and prints nothing. */
export const refusesJobs = (state: PrinterState): state is 'paper_out' | 'head_open' =>
  state === 'paper_out' || state === 'head_open';

/** A `~HS` answer with the given flags, as a printer sends it (for fake printers and tests). */
export function hostStatusAnswer(flags: Partial<HostStatus> = {}): string {
  const bit = (on: boolean | undefined) => (on ? '1' : '0');
  const waiting = String(flags.labelsWaiting ?? 0).padStart(3, '0');
  const first = `030,${bit(flags.paperOut)},${bit(flags.paused)},1245,${waiting},0,0,0,000,0,0,${bit(flags.overTemperature)}`;
  const second = `001,0,${bit(flags.headOpen)},${bit(flags.ribbonOut)},0,2,4,0,00000000,1,000`;
  return `\x02${first}\x03\r\n\x02${second}\x03\r\n\x021234,0\x03\r\n`;
}
