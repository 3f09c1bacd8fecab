import { loginMessages } from './session';

/**
 * The notice a login page opens with: the expired and loop flags of SPEC 2, or the session's own
 * loop verdict (a page opened without the flag after the redirect guard stopped a loop); null
 * for a plain visit.
 */
export function loginNotice(search: string, sessionReason: string | null): string | null {
  const query = new URLSearchParams(search);
  if (query.get('expired') === '1') return loginMessages.expired;
  if (query.has('loop') || sessionReason === loginMessages.loop) return loginMessages.loop;
  return null;
}
