import { map, type Observable } from 'rxjs';
import { ApiError } from '../http/errors';
import { type SendDeps, send } from '../http/send';
import { type Recovered, recoveryMessages } from './recovery';
import { isCompleteUser, type User } from './storage';

/** Token, refresh token and user from an auth answer, possibly wrapped in `data` (SPEC 7). */
export function unwrapAuth(body: unknown): Partial<Recovered> {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const inner = (record.data && typeof record.data === 'object' ? record.data : record) as Record<
    string,
    unknown
  >;
  return {
    token: typeof inner.token === 'string' ? inner.token : undefined,
    refreshToken: typeof inner.refreshToken === 'string' ? inner.refreshToken : null,
    user: isCompleteUser(inner.user) ? inner.user : undefined,
  };
}

/** The auth endpoints of SPEC 7, called without 401 recovery (they are what recovery uses). */
export function authCalls(deps: SendDeps) {
  const post = (path: string, body: unknown) =>
    send(deps, { method: 'POST', path, body }, null).pipe(map(unwrapAuth));
  return {
    login: (body: { username: string; password: string; rememberMe: boolean }) =>
      post('/api/auth/login', body),
    refresh: (refreshToken: string) => post('/api/auth/refresh-token', { refreshToken }),
    /** GET /api/auth/validate with `token`: the user, or a 401 error when the answer has none. */
    validate: (token: string): Observable<User> =>
      send<{ data?: { user?: unknown } }>(deps, { method: 'GET', path: '/api/auth/validate' }, token).pipe(
        map((body) => {
          const user = body?.data?.user;
          if (!isCompleteUser(user)) throw new ApiError(recoveryMessages.noAuth, 'status', 401);
          return user;
        }),
      ),
    logout: (token: string) => send(deps, { method: 'POST', path: '/api/auth/logout' }, token),
  };
}
