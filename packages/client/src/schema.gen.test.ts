import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, renderSchema } from '../scripts/openapi-source';

describe('@atelier/client', () => {
  it('src/schema.gen.ts matches the OpenAPI document (else: npm run generate -w @atelier/client)', async () => {
    const committed = await readFile(GENERATED_FILE, 'utf8');
    const fresh = await renderSchema();
    expect(committed === fresh, 'packages/client/src/schema.gen.ts is stale: run `npm run generate -w @atelier/client` and commit it').toBe(true);
  });
});
