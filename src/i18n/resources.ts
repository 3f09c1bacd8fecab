import type common from '../locales/en/common.json';
import type dashboard from '../locales/en/dashboard.json';
import type errors from '../locales/en/errors.json';
import type login from '../locales/en/login.json';
import type shell from '../locales/en/shell.json';

/**
 * Every namespace (one per area of the app, `src/locales/<language>/<namespace>.json`), typed by
 * its English catalogue, so a key that English lacks is a type error. A new namespace is its
 * files and one line here.
 */
export interface Resources {
  common: typeof common;
  dashboard: typeof dashboard;
  errors: typeof errors;
  login: typeof login;
  shell: typeof shell;
}

export type Namespace = keyof Resources;
