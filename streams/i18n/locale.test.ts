import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage, type User } from '../session';
import { chosenLocaleKey, createLocale, decideLocale, localeOf } from './locale';
import type { Locale } from './locales';

const bob: User = { id: 'u-2', username: 'bob' };

/** A locale store over a user subject and a recording fake PATCH. */
function setup(options: { browser?: string[]; stored?: string; user?: User | null; refuse?: boolean } = {}) {
  const user$ = new BehaviorSubject<User | null>(options.user ?? null);
  const storage = createMemoryStorage(options.stored ? { [chosenLocaleKey]: options.stored } : {});
  const patches: unknown[] = [];
  const kept: unknown[] = [];
  const store = createLocale({
    user$,
    browserLanguages: options.browser ?? [],
    storage,
    api: {
      patch: async <T>(path: string, body?: unknown) => {
        patches.push({ path, body });
        if (options.refuse) throw new Error('refused');
        return { data: { user: {} } } as T;
      },
    },
    keepUser: (change) => kept.push(change),
  });
  const seen: Locale[] = [];
  store.locale$.subscribe((l) => seen.push(l));
  return { user$, storage, patches, store, seen, kept };
}

describe('localeOf', () => {
  it('reads the language of a tag, whatever its region or case', () => {
    expect(localeOf('nl-NL')).toBe('nl');
    expect(localeOf('NL_be')).toBe('nl');
    expect(localeOf('en-GB')).toBe('en');
    expect(localeOf('de-DE')).toBeNull();
    expect(localeOf(undefined)).toBeNull();
  });
});

describe('decideLocale', () => {
  it("takes the user's own language first", () => {
    expect(decideLocale({ user: 'en', chosen: 'nl', browser: ['nl-NL'] })).toBe('en');
  });
  it('takes the choice made before sign-in when the user has none', () => {
    expect(decideLocale({ user: null, chosen: 'nl', browser: ['en-US'] })).toBe('nl');
  });
  it("takes the first of the browser's languages the app speaks", () => {
    expect(decideLocale({ user: null, chosen: null, browser: ['de-DE', 'nl-BE', 'en'] })).toBe('nl');
  });
  it('falls back to English', () => {
    expect(decideLocale({ user: null, chosen: null, browser: ['de-DE', 'fr'] })).toBe('en');
  });
});

describe('createLocale', () => {
  it("follows the browser before sign-in and the user's language after", () => {
    const { user$, seen } = setup({ browser: ['nl-NL'] });
    user$.next({ ...bob, locale: 'en' });
    user$.next(null);
    expect(seen).toEqual(['nl', 'en', 'nl']);
  });

  it('treats a user object without locale as not chosen', () => {
    const { seen } = setup({ browser: ['nl-NL'], user: bob });
    expect(seen).toEqual(['nl']);
  });

  it('keeps the choice made before sign-in in storage, for a reload', () => {
    const { store, storage, patches, seen } = setup({ browser: ['en-US'] });
    void store.choose('nl');
    expect(storage.getItem(chosenLocaleKey)).toBe('nl');
    expect(patches).toEqual([]);
    expect(seen).toEqual(['en', 'nl']);
    expect(setup({ browser: ['en-US'], stored: 'nl' }).seen).toEqual(['nl']);
  });

  it('ignores a stored value that is not a language the app speaks', () => {
    expect(setup({ browser: ['nl'], stored: 'xx' }).seen).toEqual(['nl']);
  });

  it("saves a signed-in user's choice on the server and shows it at once", async () => {
    const { store, patches, seen, user$, kept } = setup({ user: { ...bob, locale: 'nl' } });
    const saving = store.choose('en');
    expect(seen).toEqual(['nl', 'en']);
    await saving;
    expect(patches).toEqual([{ path: '/api/auth/me', body: { locale: 'en' } }]);
    // the user this browser remembers holds it, so a reload opens in the choice
    expect(kept).toEqual([{ locale: 'en' }]);
    // another user signing in in this tab reads their own language
    user$.next({ id: 'u-3', username: 'carol', locale: 'nl' });
    expect(seen).toEqual(['nl', 'en', 'nl']);
  });

  it('undoes a choice the server refused', async () => {
    const { store, seen, kept } = setup({ user: { ...bob, locale: 'nl' }, refuse: true });
    await expect(store.choose('en')).rejects.toThrow('refused');
    expect(kept).toEqual([]);
    expect(seen).toEqual(['nl', 'en', 'nl']);
  });
});
