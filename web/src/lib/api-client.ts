/**
 * The one fetch wrapper for /api/*. JSON in and out, credentials included; any non-OK answer
 * throws an ApiRequestError that keeps the status, the server's error code, message and
 * field-level errors, so forms can mark fields and screens can pick the spec's toast.
 */
import { isApiErrorBody, type ErrorCode } from '@mentorship/domain';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    /** The server's own explanation (already written for people). */
    readonly serverMessage: string,
    readonly fields: Record<string, string> = {},
  ) {
    // The spec's message format: "<status>: <body text or status text>".
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiRequestError';
  }
}

/** What to tell a person about a failed request: the server's own words, or a plain retry. */
export const messageOf = (error: unknown): string =>
  error instanceof ApiRequestError ? error.serverMessage : 'Something went wrong. Try again.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Firebase ID token for /api/admin/* calls. */
  token?: string;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network', 'Could not reach the server. Check your connection.');
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    if (isApiErrorBody(data)) {
      throw new ApiRequestError(
        response.status,
        data.error.code,
        data.error.message,
        data.error.fields,
      );
    }
    throw new ApiRequestError(response.status, 'internal', text || response.statusText);
  }
  return data as T;
}
