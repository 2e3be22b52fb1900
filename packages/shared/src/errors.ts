/**
 * One application error for every layer. Services throw AppError; the API maps
 * the code once to a tRPC code and an HTTP status (apps/api/src/errors.ts).
 */
export const ERROR_CODES = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_CONFIGURED: 501,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  /** Dotted path of the offending field, e.g. `email` or `clips.0.prompt`. */
  path: string;
  message: string;
}

export interface AppErrorOptions {
  fields?: FieldError[];
  details?: Record<string, unknown>;
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldError[];
  readonly details?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    if (options.fields) this.fields = options.fields;
    if (options.details) this.details = options.details;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Messages the spec quotes word for word (§6, §8). */
export const MESSAGES = {
  loginRequired: 'Please login to perform this action',
  projectNotFound: 'Project not found',
  conversationNotFound: 'Conversation not found',
  passwordsDoNotMatch: 'Passwords do not match',
  genericError: 'An error occurred',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  adminRequired: 'Admin access required',
  accountDisabled: 'This account has been disabled',
} as const;
