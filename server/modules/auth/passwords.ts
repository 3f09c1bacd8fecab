import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt cost: N = 2^14, r = 8, p = 1 (OWASP's minimum), 64-byte key, 16-byte salt. */
const cost = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const keyLength = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A salted scrypt hash, stored as `scrypt$N$r$p$salt$key` (base64), never the password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored` (constant-time comparison). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: cost.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A random password of 20 URL-safe characters (the admin's when ADMIN_PASSWORD is unset). */
export function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}
