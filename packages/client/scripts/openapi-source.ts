/**
 * Builds the OpenAPI document in-process, exactly as the api serves it at /api/openapi.json (no
 * server, no database), and renders the TypeScript types of packages/client/src/schema.gen.ts.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '../../../apps/api/src/plugins/rest';
import { appRouter } from '../../../apps/api/src/router';

export const GENERATED_FILE = new URL('../src/schema.gen.ts', import.meta.url);

const HEADER = `/**
 * Generated from the Atelier OpenAPI document (GET /api/openapi.json) by \`npm run generate -w @atelier/client\`.
 * Do not edit: src/schema.gen.test.ts fails when this file is stale.
 */

`;

export async function renderSchema(): Promise<string> {
  const document = buildOpenApiDocument(appRouter, 'http://localhost:3000');
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)));
  return HEADER + astToString(ast);
}
