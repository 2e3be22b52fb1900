import { AppError } from '@atelier/shared';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { describeError, isUnavailableError } from '../../errors';

/** Which failures mean "a dependency is down, retry" (503) rather than a bug (500). */
describe('isUnavailableError', () => {
  it.each([
    ['pg: terminated by administrator', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['pg: cannot connect now', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['pg: connection exception class 08', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['pg: too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['pg: dropped mid-query', new Error('Connection terminated unexpectedly')],
    ['pg pool: acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['net: refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['net: every address refused', new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed')],
    ['ioredis: offline', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['ioredis: closed', new Error('Connection is closed.')],
    ['wrapped', new Error('query failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) })],
    ['AppError UNAVAILABLE', new AppError('UNAVAILABLE', 'queue down')],
  ])('%s → unavailable', (_name, error) => {
    expect(isUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a statement timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    [
      'an AppError of another kind, even wrapping a network error',
      new AppError('NOT_FOUND', 'x', { cause: Object.assign(new Error(), { code: 'ECONNREFUSED' }) }),
    ],
    ['nothing', undefined],
  ])('%s → not unavailable', (_name, error) => {
    expect(isUnavailableError(error)).toBe(false);
  });

  it('describeError answers 503 with Retry-After and a message for people', () => {
    const err = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new Error('Connection terminated unexpectedly') });
    const d = describeError(err);
    expect(d.status).toBe(503);
    expect(d.retryAfterSeconds).toBe(5);
    expect(d.body.code).toBe('UNAVAILABLE');
    expect(d.body.message).not.toMatch(/terminated|ECONN/);
  });
});
