import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type LogMethod = (...args: unknown[]) => void;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger, made when it is first used. Fastify gives every request a child of the
 * api's logger (with its `reqId`); pino builds a child eagerly — a prototype object and its
 * serialised bindings — on every request, though most requests never log through it (the request
 * line is written by the api's own hook, through the parent, with the same `reqId` field).
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: object;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: object) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  // One method per level on the prototype, each passing its call to the real child.
  static {
    for (const level of LEVELS) {
      Object.defineProperty(LazyRequestLogger.prototype, level, {
        value(this: LazyRequestLogger, ...args: unknown[]) {
          (this.#real()[level] as LogMethod)(...args);
        },
      });
    }
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made on first use. */
export function lazyRequestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
