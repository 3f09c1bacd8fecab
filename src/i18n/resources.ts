import type admin from '../locales/en/admin.json';
import type common from '../locales/en/common.json';
import type consoles from '../locales/en/consoles.json';
import type dashboard from '../locales/en/dashboard.json';
import type errors from '../locales/en/errors.json';
import type inventory from '../locales/en/inventory.json';
import type login from '../locales/en/login.json';
import type mobile from '../locales/en/mobile.json';
import type printers from '../locales/en/printers.json';
import type shell from '../locales/en/shell.json';

/**
 * Every namespace (one per area of the app, `src/locales/<language>/<namespace>.json`), typed by
 * its English catalogue, so a key that English lacks is a type error. A new namespace is its
 * files and one line here.
 */
export interface Resources {
  admin: typeof admin;
  common: typeof common;
  consoles: typeof consoles;
  dashboard: typeof dashboard;
  errors: typeof errors;
  inventory: typeof inventory;
  login: typeof login;
  mobile: typeof mobile;
  printers: typeof printers;
  shell: typeof shell;
}

export type Namespace = keyof Resources;
