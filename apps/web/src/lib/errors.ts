import { MESSAGES } from '@atelier/shared/errors';
import { isTRPCClientError } from '@trpc/client';
import { ApiError } from './http';
import { isRecord } from './storage';

/** The HTTP status behind a tRPC or REST error, when known. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (isTRPCClientError(error) && isRecord(error.data) && typeof error.data.httpStatus === 'number') return error.data.httpStatus;
  return undefined;
}

/** The server's application code (`error.data.appCode` for tRPC, `error.code` for REST). */
export function errorAppCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code;
  if (isTRPCClientError(error) && isRecord(error.data) && typeof error.data.appCode === 'string') return error.data.appCode;
  return undefined;
}

/** A message fit for people: the server's text when it sent one, else 'An error occurred' (§8). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || isTRPCClientError(error)) {
    const message = error.message.trim();
    if (message !== '' && !/^(fetch failed|failed to fetch|networkerror|load failed)/i.test(message)) return message;
  }
  return MESSAGES.genericError;
}

/** A guest's write refused by the server: 401 with 'Please login to perform this action' (§6). */
export function isLoginRequiredError(error: unknown): boolean {
  return errorStatus(error) === 401 && error instanceof Error && error.message === MESSAGES.loginRequired;
}

/** 4xx errors are answers, not hiccups: retrying them cannot help. */
export function isClientError(error: unknown): boolean {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** The fields the server named as wrong (`error.fields` for REST, `error.data.fields` for tRPC). */
export function errorFields(error: unknown): { path: string; message: string }[] {
  if (error instanceof ApiError) return error.fields;
  if (isTRPCClientError(error) && isRecord(error.data) && Array.isArray(error.data.fields)) {
    return error.data.fields.filter(
      (f): f is { path: string; message: string } => isRecord(f) && typeof f.path === 'string' && typeof f.message === 'string',
    );
  }
  return [];
}
