import { describe, expect, it } from 'vitest';
import { hostStatusAnswer, parseHostStatus, refusesJobs, stateOf } from './host-status';

// A ZT410's answer to ~HS, paper out and paused, 2 formats waiting, head closed, ribbon in
const zt410 =
  '\x02030,1,1,1245,002,0,0,0,000,0,0,0\x03\r\n\x02001,0,0,0,1,2,6,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n';

describe('parseHostStatus', () => {
  it("reads a printer's three answer lines", () => {
    expect(parseHostStatus(zt410)).toEqual({
      paperOut: true,
      paused: true,
      headOpen: false,
      ribbonOut: false,
      overTemperature: false,
      labelsWaiting: 2,
    });
  });

  it('reads each flag where Zebra puts it', () => {
    const flags = {
      paperOut: false,
      paused: false,
      headOpen: true,
      ribbonOut: true,
      overTemperature: true,
      labelsWaiting: 7,
    };
    expect(parseHostStatus(hostStatusAnswer(flags))).toEqual(flags);
    expect(parseHostStatus(`noise\r\n${hostStatusAnswer()}`)).toMatchObject({
      paperOut: false,
      headOpen: false,
    });
  });

  it('finds no status in garbage, half an answer or fields that are not numbers', () => {
    expect(parseHostStatus('')).toBeNull();
    expect(parseHostStatus('HELLO\r\n'.repeat(50))).toBeNull();
    expect(parseHostStatus(hostStatusAnswer().slice(0, 60))).toBeNull();
    expect(parseHostStatus(hostStatusAnswer().replace('030', 'abc'))).toBeNull();
    expect(parseHostStatus('\x02a\x03\x02b\x03\x02c\x03')).toBeNull();
  });
});

describe('stateOf', () => {
  it('says the head is open first, then paper out, then paused, else ready', () => {
    const none = {
      paperOut: false,
      paused: false,
      headOpen: false,
      ribbonOut: true,
      overTemperature: true,
      labelsWaiting: 3,
    };
    expect(stateOf(none)).toBe('ready');
    expect(stateOf({ ...none, paused: true })).toBe('paused');
    expect(stateOf({ ...none, paused: true, paperOut: true })).toBe('paper_out');
    expect(stateOf({ ...none, paused: true, paperOut: true, headOpen: true })).toBe('head_open');
  });

  it('refuses jobs only where they would be lost: paper out, head open', () => {
    expect(
      ['ready', 'paper_out', 'head_open', 'paused', 'unreachable', 'unknown'].filter((s) =>
        refusesJobs(s as never),
      ),
    ).toEqual(['paper_out', 'head_open']);
  });
});
