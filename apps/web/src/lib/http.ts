import { MESSAGES } from '@atelier/shared/errors';
import { campaignHeaderValue } from './campaign';
import { isRecord } from './storage';

export interface FieldError {
  path: string;
  message: string;
}

/** A failed REST call: the server's `{ error: { code, message, fields? } }` body, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** §8: errors are logged with method, url and status. */
export function logRequestError(method: string, url: string, status: number | string, detail?: unknown): void {
  console.error(`[api] ${method} ${url} failed with status ${status}`, detail ?? '');
}

function parseErrorBody(body: unknown): { message?: string; code?: string; fields: FieldError[] } {
  if (!isRecord(body) || !isRecord(body.error)) return { fields: [] };
  const { message, code, fields } = body.error;
  return {
    ...(typeof message === 'string' && message.trim() !== '' ? { message } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    fields: Array.isArray(fields)
      ? fields.filter((f): f is FieldError => isRecord(f) && typeof f.path === 'string' && typeof f.message === 'string')
      : [],
  };
}

/** What checks a response body: a zod schema fits, and so do the small hand-written checks of lib/auth/types. */
export interface ResponseCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } };
}

interface RestOptions<T> {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  accessToken?: string | null;
  schema: ResponseCheck<T>;
}

/** A same-origin JSON call to the REST mirror under /api, with credentials (the refresh cookie) and the common headers. */
export async function restRequest<T>({ method, path, body, accessToken, schema }: RestOptions<T>): Promise<T> {
  const url = `/api${path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['content-type'] = 'application/json';
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const campaign = campaignHeaderValue();
  if (campaign) headers['x-campaign'] = campaign;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers,
      ...(method !== 'GET' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
  } catch (error) {
    logRequestError(method, url, 'network-error', error);
    throw new ApiError(MESSAGES.genericError, 0, undefined);
  }

  let payload: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }

  if (!response.ok) {
    const parsed = parseErrorBody(payload);
    logRequestError(method, url, response.status, parsed.message ?? text.slice(0, 200));
    throw new ApiError(parsed.message ?? MESSAGES.genericError, response.status, parsed.code, parsed.fields);
  }

  const result = schema.safeParse(payload);
  if (!result.success) {
    logRequestError(method, url, `${response.status} (unexpected response shape)`, result.error.issues);
    throw new ApiError(MESSAGES.genericError, response.status, 'BAD_RESPONSE');
  }
  return result.data;
}
