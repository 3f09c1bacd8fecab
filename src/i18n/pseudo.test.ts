import { describe, expect, it } from 'vitest';
import { isPseudoLocalised, pseudoCatalogue, pseudoLocalise } from './pseudo';

describe('pseudoLocalise', () => {
  it('accents every letter and brackets the message', () => {
    const text = pseudoLocalise('Sign in');
    expect(text).toMatch(/^\[Šîĝñ îñ ~+\]$/);
    expect(text).not.toMatch(/[A-Za-z]/);
  });

  it('makes a sentence 30 to 40 % longer', () => {
    for (const message of [
      'Please enter both username and password',
      'Connection lost. Will attempt to reconnect automatically.',
      'Choose your location',
    ]) {
      const ratio = pseudoLocalise(message).length / message.length;
      expect(ratio).toBeGreaterThanOrEqual(1.3);
      expect(ratio).toBeLessThanOrEqual(1.4);
    }
  });

  it('keeps placeholders, nested messages and markup as they are', () => {
    const text = pseudoLocalise('Signed in as <strong>{{name}}</strong>: $t(common:loading)');
    expect(text).toContain('<strong>{{name}}</strong>');
    expect(text).toContain('$t(common:loading)');
    expect(text).toContain('Šîĝñéð îñ àš');
  });

  it('turns a whole catalogue, key by key', () => {
    expect(pseudoCatalogue({ a: 'Close', b: { c: 'Retry' } })).toEqual({
      a: pseudoLocalise('Close'),
      b: { c: pseudoLocalise('Retry') },
    });
  });
});

describe('isPseudoLocalised', () => {
  it('passes a pseudo-localised message, one piece of it, or text with no letters', () => {
    expect(isPseudoLocalised(pseudoLocalise('Sign in'))).toBe(true);
    expect(isPseudoLocalised(' [Šîĝñéð îñ àš ')).toBe(true);
    expect(isPseudoLocalised('12:05 · 1,234.5')).toBe(true);
  });
  it('fails a text left in the code', () => {
    expect(isPseudoLocalised('Sign in')).toBe(false);
    expect(isPseudoLocalised('Šîĝñ in')).toBe(false);
  });
});
