import {
  BehaviorSubject,
  combineLatest,
  distinctUntilChanged,
  map,
  type Observable,
  shareReplay,
} from 'rxjs';
import type { ApiClient } from '../http';
import type { StorageLike, User } from '../session';
import { type Locale, locales } from './locales';

/** Local storage key of the language chosen before sign-in. */
export const chosenLocaleKey = 'locale';

/** The language of a BCP 47 tag ("nl-NL" → "nl"), or null when the app does not speak it. */
export function localeOf(tag: unknown): Locale | null {
  if (typeof tag !== 'string') return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return locales.find((l) => l === base) ?? null;
}

/**
 * Which language wins: the signed-in user's own (null: not chosen), else the one chosen on this
 * browser before sign-in, else the first of the browser's languages the app speaks, else English.
 */
export function decideLocale(input: {
  user: Locale | null;
  chosen: Locale | null;
  browser: readonly string[];
}): Locale {
  return input.user ?? input.chosen ?? input.browser.map(localeOf).find((l) => l !== null) ?? locales[0];
}

export interface LocaleDeps {
  user$: Observable<User | null>;
  /** `navigator.languages`, best first. */
  browserLanguages: readonly string[];
  /** Where the choice made before sign-in outlives a reload (local storage). */
  storage: StorageLike;
  api: Pick<ApiClient, 'patch'>;
  /** Keeps the signed-in user's saved choice with the user this browser remembers (`Session.keepUser`). */
  keepUser: (change: { locale: Locale }) => void;
}

/** The chosen language as a stream, and the command that chooses one. */
export interface LocaleStore {
  locale$: Observable<Locale>;
  /**
   * Chooses a language: signed out, for this browser; signed in, for the user (PATCH
   * /api/auth/me), shown at once and undone if the server refuses.
   */
  choose(locale: Locale): Promise<void>;
}

/** The language of the app, decided afresh whenever the user or a choice changes. */
export function createLocale({ user$, browserLanguages, storage, api, keepUser }: LocaleDeps): LocaleStore {
  const chosen = new BehaviorSubject<Locale | null>(localeOf(storage.getItem(chosenLocaleKey)));
  // the signed-in user's choice, shown before the server's user object carries it
  const pending = new BehaviorSubject<{ userId: string; locale: Locale } | null>(null);
  let current: User | null = null;
  const userLocale$ = combineLatest([user$, pending]).pipe(
    map(([user, mine]) => {
      current = user;
      if (!user) return null;
      return mine?.userId === user.id ? mine.locale : localeOf(user.locale);
    }),
  );
  const locale$ = combineLatest([userLocale$, chosen]).pipe(
    map(([user, picked]) => decideLocale({ user, chosen: picked, browser: browserLanguages })),
    distinctUntilChanged(),
    shareReplay({ bufferSize: 1, refCount: false }),
  );
  return {
    locale$,
    async choose(locale) {
      const user = current;
      if (!user) {
        storage.setItem(chosenLocaleKey, locale);
        chosen.next(locale);
        return;
      }
      const before = pending.value;
      pending.next({ userId: user.id, locale });
      try {
        await api.patch('/api/auth/me', { locale });
      } catch (error) {
        pending.next(before);
        throw error;
      }
      // the user this browser remembers, which a reload starts from, holds the choice too
      keepUser({ locale });
    },
  };
}
