import type { AdminUser } from '../types';

export function userName(user: Pick<AdminUser, 'email' | 'givenName' | 'familyName'>): string {
  return [user.givenName, user.familyName].filter((p) => p && p.trim()).join(' ') || user.email;
}
