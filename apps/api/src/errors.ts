import { AppError, ERROR_CODES, type ErrorCode, type FieldError } from '@atelier/shared';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/** AppError code → tRPC code. HTTP statuses come from ERROR_CODES (packages/shared). */
const TRPC_CODES: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  INSUFFICIENT_CREDITS: 'PAYMENT_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  NOT_CONFIGURED: 'NOT_IMPLEMENTED',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

const FROM_TRPC: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  BAD_REQUEST: 'VALIDATION',
  PARSE_ERROR: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  PAYMENT_REQUIRED: 'INSUFFICIENT_CREDITS',
  METHOD_NOT_SUPPORTED: 'VALIDATION',
  SERVICE_UNAVAILABLE: 'UNAVAILABLE',
};

/** Our code for a tRPC error code (anything unmapped is INTERNAL). */
export const appCodeOfTrpc = (code: string): ErrorCode => FROM_TRPC[code as TRPC_ERROR_CODE_KEY] ?? 'INTERNAL';

export function toTRPCError(e: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODES[e.code], message: e.message, cause: e });
}

/** The tRPC code for one of our error codes. */
export const trpcCodeOf = (code: ErrorCode): TRPC_ERROR_CODE_KEY => TRPC_CODES[code];

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: FieldError[];
  details?: Record<string, unknown>;
}

const zodFields = (z: ZodError): FieldError[] =>
  z.issues.map((i) => ({ path: i.path.length ? i.path.map(String).join('.') : '(body)', message: i.message }));

const UNAVAILABLE_NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is closed',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
];
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * A dependency (Postgres, Redis) is unreachable or dropped the connection: the request can be
 * retried once it is back, so it answers 503 with Retry-After, never 500.
 */
export function isUnavailableError(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 3) return false;
  // An AppError says what it is; only UNAVAILABLE means "try again".
  if (e instanceof AppError) return e.code === 'UNAVAILABLE';
  const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_NET_CODES.has(code) || /^(08|57P0[123]|53300)/.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  // An AggregateError (every address refused) or a wrapped error.
  if (Array.isArray(errors) && errors.some((x) => isUnavailableError(x, depth + 1))) return true;
  return cause !== e && isUnavailableError(cause, depth + 1);
}

/** The one error shape: `{ code, message, fields? }`, from whatever was thrown. */
export function describeError(error: TRPCError): { body: ErrorBody; status: number; retryAfterSeconds?: number } {
  const cause = error.cause;
  if (!(cause instanceof AppError) && isUnavailableError(cause)) {
    return { body: { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE }, status: 503, retryAfterSeconds: 5 };
  }
  if (cause instanceof AppError) {
    const body: ErrorBody = { code: cause.code, message: cause.message };
    if (cause.fields) body.fields = cause.fields;
    if (cause.details) body.details = cause.details;
    return { body, status: cause.status, ...(cause.retryAfterSeconds ? { retryAfterSeconds: cause.retryAfterSeconds } : {}) };
  }
  if (cause instanceof ZodError || (cause as { name?: string } | undefined)?.name === 'ZodError') {
    const fields = zodFields(cause as ZodError);
    const names = [...new Set(fields.map((f) => f.path))].join(', ');
    return { body: { code: 'VALIDATION', message: `Invalid input: ${names}`, fields }, status: 400 };
  }
  const code = appCodeOfTrpc(error.code);
  const message = code === 'INTERNAL' ? 'Something went wrong on our side' : error.message;
  return { body: { code, message }, status: ERROR_CODES[code] };
}

/**
 * One log policy for /trpc and the REST mirror: our own faults (500) at error with their cause, an
 * unreachable dependency (503) at warn, and a refused subscription (e.g. another user's id: 404/403,
 * thrown inside the stream where the error mapping cannot see it) at info without a stack. Other
 * refusals (400, 401, 403, 404…) answer the client and need no log line.
 */
export function logProcedureError(
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
  via: 'trpc' | 'rest',
  { error, path, type }: { error: TRPCError; path?: string | undefined; type?: string | undefined },
): void {
  const { body } = describeError(error);
  if (body.code === 'UNAVAILABLE') log.warn({ via, path, code: body.code }, 'procedure unavailable');
  else if (body.code === 'INTERNAL') log.error({ via, path, type, err: error.cause ?? error.message }, 'procedure failed');
  else if (type === 'subscription') log.info({ via, path, code: body.code, message: body.message }, 'subscription refused');
}
