import { randomBytes } from 'node:crypto';
import { dropTemplateDatabase, prepareTemplateDatabase } from './testing';

/** Vitest global setup: migrate a template database of this run's own once; drop it at the end. */
export default async function setup() {
  process.env.TEST_DATABASE_TEMPLATE ??= `atelier_tpl_${randomBytes(4).toString('hex')}`;
  await prepareTemplateDatabase();
  return async () => {
    await dropTemplateDatabase();
  };
}
