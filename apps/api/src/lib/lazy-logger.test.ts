import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './lazy-logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: pino({ level: 'debug' }, stream) };
}

describe('lazyRequestLogger', () => {
  it("writes what the request's child would, with its bindings, only when something logs", async () => {
    const { lines, log } = capture();
    let children = 0;
    const parent = new Proxy(log, {
      get(target, prop, receiver) {
        if (prop === 'child')
          return (...a: Parameters<typeof log.child>) => {
            children++;
            return target.child(...a);
          };
        return Reflect.get(target, prop, receiver);
      },
    }) as unknown as FastifyBaseLogger;
    const quiet = lazyRequestLogger(parent, { reqId: 'req-1' }, {});
    expect(quiet.level).toBe('debug');
    expect(children).toBe(0);
    const used = lazyRequestLogger(parent, { reqId: 'req-2' }, {});
    used.warn({ route: '/x' }, 'slow');
    used.info('plain');
    await new Promise((r) => setImmediate(r));
    expect(children).toBe(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'req-2', route: '/x', msg: 'slow' },
      { level: 30, reqId: 'req-2', msg: 'plain' },
    ]);
  });

  it('is accepted by Fastify as its childLoggerFactory and serves req.log', async () => {
    const { lines, log } = capture();
    const app = Fastify({
      loggerInstance: log as unknown as FastifyBaseLogger,
      logController: new LogController({ disableRequestLogging: true }),
      childLoggerFactory: lazyRequestLogger,
    });
    app.get('/x', async (req) => {
      req.log.info({ seen: true }, 'inside');
      return { ok: true };
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setImmediate(r));
    expect(lines).toMatchObject([{ reqId: expect.any(String), seen: true, msg: 'inside' }]);
    await app.close();
  });
});
