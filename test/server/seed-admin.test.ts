import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../server/db/seed-admin';
import { verifyPassword } from '../../server/modules/auth/passwords';
import { createTestDatabase, type TestDatabase } from './support/database';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const admins = () => database.db.selectFrom('users').selectAll().execute();

describe('ensureAdmin', () => {
  it('creates admin with first_login and a random password printed once', async () => {
    const printed: string[] = [];
    expect(await ensureAdmin(database.db, undefined, (m) => printed.push(m))).toBe(true);
    const [admin] = await admins();
    expect(admin).toMatchObject({ username: 'admin', admin: true, first_login: true });
    expect(printed).toHaveLength(1);
    const password = printed[0].match(/one-time password: (\S+)/)?.[1];
    expect(password).toMatch(/^[\w-]{20}$/);
    expect(await verifyPassword(password!, admin.password_hash)).toBe(true);
    expect(admin.password_hash).not.toContain(password);
    // a second start on the same database does nothing and prints nothing
    expect(await ensureAdmin(database.db, undefined, (m) => printed.push(m))).toBe(false);
    expect(printed).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });

  it('uses ADMIN_PASSWORD when set, without printing it', async () => {
    const printed: string[] = [];
    await ensureAdmin(database.db, 'From-The-Environment-1', (m) => printed.push(m));
    const [admin] = await admins();
    expect(await verifyPassword('From-The-Environment-1', admin.password_hash)).toBe(true);
    expect(printed.join('')).not.toContain('From-The-Environment-1');
  });

  it('creates one admin when several processes start together', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => ensureAdmin(database.db, 'Same-Password-1', () => {})),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });

  it('leaves a database that has users alone', async () => {
    await database.db.insertInto('users').values({ username: 'someone', password_hash: 'x' }).execute();
    expect(await ensureAdmin(database.db, undefined, () => {})).toBe(false);
    expect((await admins()).map((u) => u.username)).toEqual(['someone']);
  });
});
