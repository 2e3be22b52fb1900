import { describe, expect, it } from 'vitest';
import { ANALYTICS } from './constants';
import { sanitizeParams } from './params';

describe('sanitizeParams (§5)', () => {
  it('keeps strings, numbers and booleans as they are', () => {
    expect(sanitizeParams({ s: 'text', empty: '', n: 42, zero: 0, neg: -1.5, t: true, f: false })).toEqual({
      s: 'text',
      empty: '',
      n: 42,
      zero: 0,
      neg: -1.5,
      t: true,
      f: false,
    });
  });

  it('turns dates into ISO strings and drops invalid dates', () => {
    expect(sanitizeParams({ at: new Date('2026-11-22T18:10:00.000Z'), bad: new Date('nope') })).toEqual({ at: '2026-11-22T18:10:00.000Z' });
  });

  it('turns objects and arrays into JSON text', () => {
    expect(sanitizeParams({ route: { id: 'x', n: 1 }, list: ['/', '/chat'], nested: { a: { b: [1, 2] } } })).toEqual({
      route: '{"id":"x","n":1}',
      list: '["/","/chat"]',
      nested: '{"a":{"b":[1,2]}}',
    });
  });

  it('drops undefined, null, functions, symbols, bigints, non-finite numbers and circular objects', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(
      sanitizeParams({
        u: undefined,
        nul: null,
        fn: () => 1,
        sym: Symbol('x'),
        big: BigInt(1),
        nan: Number.NaN,
        inf: Number.POSITIVE_INFINITY,
        circular,
        kept: 'yes',
      }),
    ).toEqual({ kept: 'yes' });
  });

  it('caps strings (and JSON text) at 65535 characters', () => {
    const long = 'x'.repeat(70_000);
    const out = sanitizeParams({ long, exact: 'y'.repeat(65_535), json: { long } });
    expect(ANALYTICS.maxStringLength).toBe(65_535);
    expect((out.long as string).length).toBe(65_535);
    expect((out.exact as string).length).toBe(65_535);
    expect((out.json as string).length).toBe(65_535);
  });

  it('returns an empty object for no params', () => {
    expect(sanitizeParams(undefined)).toEqual({});
    expect(sanitizeParams({})).toEqual({});
  });
});
