import { getAccessToken, getTempToken } from './session';

/** The base of every call to the shop's server. */
export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

/** Pulls a human message out of an error body: `{message}`, `{errorMessage}` or the raw text. */
export function extractMessage(data: unknown, fallback: string): string {
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['message', 'errorMessage', 'error'] as const) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
    try {
      return JSON.stringify(data);
    } catch {
      return fallback;
    }
  }
  if (typeof data === 'string' && data.trim()) return data;
  return fallback;
}

/**
 * The guest's authorisation for calls that carry it in the body: the temp token
 * for anonymous visitors, empty when logged in (the bearer header identifies them).
 */
export function tempAuthorisation(): string {
  return getAccessToken() ? '' : getTempToken();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export interface RawResponse<T> {
  status: number;
  ok: boolean;
  data: T;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One call; never throws on an HTTP status (transport errors still throw). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<RawResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: options.method ?? 'GET', headers, signal: options.signal };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(`${API_BASE}${path}`, init);
  const data = (await parseBody(response)) as T;
  return { status: response.status, ok: response.ok, data };
}

/** One call; a non-2xx answer is thrown as an ApiError carrying the server's message. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { status, ok, data } = await apiRequest<T>(path, options);
  if (!ok) {
    throw new ApiError(extractMessage(data, `Request failed (${status})`), status, data);
  }
  return data;
}

export function errorMessage(error: unknown, fallback = 'unknown error'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
