import { describe, expect, it } from 'vitest';
import { adBlockerAdvice } from '../../../streams/analytics';
import en from '../../locales/en/dashboard.json';

describe('the activity panel', () => {
  it("says SPEC 8's ad-blocker advice in English word for word", () => {
    expect(en.activity.adBlocker).toBe(adBlockerAdvice);
  });
});
