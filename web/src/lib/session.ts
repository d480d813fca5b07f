import { useSyncExternalStore } from 'react';
import type { User } from '../types/api';

/**
 * The stored login: localStorage keys `accessToken`, `user` and `tempToken`
 * (a random id that identifies an anonymous visitor's order).
 */
export interface Session {
  user: User | null;
  accessToken: string | null;
}

const ACCESS_TOKEN = 'accessToken';
const USER = 'user';
const TEMP_TOKEN = 'tempToken';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readSession(): Session {
  const store = storage();
  const accessToken = store?.getItem(ACCESS_TOKEN) || null;
  let user: User | null = null;
  const raw = store?.getItem(USER);
  if (raw && accessToken) {
    try {
      user = JSON.parse(raw) as User;
    } catch {
      user = null;
    }
  }
  return { accessToken, user: accessToken ? user : null };
}

let current: Session = readSession();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return current;
}

export function getAccessToken(): string | null {
  return current.accessToken;
}

export function isLoggedIn(): boolean {
  return Boolean(current.accessToken);
}

/** The anonymous visitor's id, created on the first visit. */
export function getTempToken(): string {
  const store = storage();
  let token = store?.getItem(TEMP_TOKEN) ?? null;
  if (!token) {
    token =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    store?.setItem(TEMP_TOKEN, token);
  }
  return token;
}

export function saveLogin(user: User, accessToken: string): void {
  const store = storage();
  store?.setItem(ACCESS_TOKEN, accessToken);
  store?.setItem(USER, JSON.stringify(user));
  current = { user, accessToken };
  emit();
}

/** Replaces the stored user (e.g. after an address change) keeping the token. */
export function saveUser(user: User): void {
  if (!current.accessToken) return;
  storage()?.setItem(USER, JSON.stringify(user));
  current = { ...current, user };
  emit();
}

export function clearLogin(): void {
  const store = storage();
  store?.removeItem(ACCESS_TOKEN);
  store?.removeItem(USER);
  current = { user: null, accessToken: null };
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Nobody signed in: the session the server draws the homepage for, and so what the app hydrates it with. */
const SIGNED_OUT: Session = { user: null, accessToken: null };
const signedOut = () => SIGNED_OUT;

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, signedOut);
}

export function useUser(): User | null {
  return useSession().user;
}

export function useIsAdmin(): boolean {
  return Boolean(useSession().user?.admin);
}
