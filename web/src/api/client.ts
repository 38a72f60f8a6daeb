import { currentLocale } from '@/lib/i18n/locale';
import type { ApiErrorBody } from './types';

/** Storage key of the bearer token (spec 01 §3). */
export const TOKEN_KEY = 'token';

/**
 * ApiError is raised for every non-OK response. Its message follows spec 01 §8:
 * "<status>: <response body text>" or "<status>: <status text>" when the body is empty.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The raw response body text ('' when empty). */
  readonly body: string;
  /** The body parsed as the API's error object, when it is one. */
  readonly data: ApiErrorBody | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.data = parseErrorBody(body);
  }
}

function parseErrorBody(text: string): ApiErrorBody | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as ApiErrorBody)
      : undefined;
  } catch {
    return undefined;
  }
}

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * apiRequest is the one place the web app calls fetch. It sends cookies, the stored
 * bearer token, and a JSON content type only when there is a body; a non-OK response
 * is raised as an ApiError. A FormData body (file uploads) goes as multipart, with the
 * content type and boundary left to the browser.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<Response> {
  // The language shown: the server answers a visitor in it (a gardener in their setting).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = body !== undefined;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';

  const response = await fetch(url, {
    method,
    headers,
    body: isForm ? body : hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal: init.signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, text);
  }
  return response;
}

/** apiJSON sends a request and parses the JSON answer (undefined for an empty body or 204). */
export async function apiJSON<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * getErrorMessage returns the server's `message` field carried by an API error, or the
 * fallback (for network failures, empty bodies or non-JSON bodies). Errors from other
 * sources that were raised in the "<status>: <body>" format are understood too.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.data?.message;
    return typeof message === 'string' && message.trim() ? message : fallback;
  }
  if (error instanceof Error) {
    const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
    if (match) {
      const parsed = parseErrorBody(match[1]);
      if (typeof parsed?.message === 'string' && parsed.message.trim()) return parsed.message;
    }
  }
  return fallback;
}

/** getFieldErrors returns the per-field messages of a 400 answer ({} when none). */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.data?.errors && typeof error.data.errors === 'object') {
    return error.data.errors;
  }
  return {};
}
