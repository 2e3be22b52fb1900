import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { syncFirstParse } from './trpc';

describe('syncFirstParse', () => {
  const schema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20), search: z.string().trim().optional() }).strict();

  it('parses as zod does: defaults, coercion, trimming', () => {
    expect(syncFirstParse(schema)({ limit: '5', search: '  tea ' })).toEqual({ limit: 5, search: 'tea' });
    expect(syncFirstParse(schema)({})).toEqual({ limit: 20 });
  });

  it('throws the same ZodError as parseAsync', async () => {
    const sync = (() => {
      try {
        syncFirstParse(schema)({ limit: 0, extra: 1 });
      } catch (e) {
        return e;
      }
    })();
    const async = await schema.parseAsync({ limit: 0, extra: 1 }).catch((e: unknown) => e);
    expect(sync).toBeInstanceOf(z.ZodError);
    expect((sync as z.ZodError).issues).toEqual((async as z.ZodError).issues);
  });

  it('falls back to the async parse for a schema with an async refinement', async () => {
    const checked = z.object({ name: z.string() }).refine(async (v) => v.name !== 'taken', { message: 'That name is taken' });
    await expect(Promise.resolve(syncFirstParse(checked)({ name: 'free' }))).resolves.toEqual({ name: 'free' });
    await expect(Promise.resolve().then(() => syncFirstParse(checked)({ name: 'taken' }))).rejects.toThrow('That name is taken');
  });
});
