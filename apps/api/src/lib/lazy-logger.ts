import type { FastifyBaseLogger } from 'fastify';

type LogMethod = (...args: unknown[]) => void;
type Bindings = Record<string, unknown>;

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
  isLevelEnabled(level: string): boolean {
    const logger = (this.#child ?? this.#parent) as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean };
    return logger.isLevelEnabled ? logger.isLevelEnabled(level) : true;
  }
  info(...args: unknown[]) {
    (this.#real().info as LogMethod)(...args);
  }
  error(...args: unknown[]) {
    (this.#real().error as LogMethod)(...args);
  }
  warn(...args: unknown[]) {
    (this.#real().warn as LogMethod)(...args);
  }
  debug(...args: unknown[]) {
    (this.#real().debug as LogMethod)(...args);
  }
  trace(...args: unknown[]) {
    (this.#real().trace as LogMethod)(...args);
  }
  fatal(...args: unknown[]) {
    (this.#real().fatal as LogMethod)(...args);
  }
  silent(...args: unknown[]) {
    (this.#real().silent as LogMethod)(...args);
  }
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made on first use. */
export function lazyRequestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
