import { prepareTemplateDatabase } from './testing';

/** Vitest global setup: migrate the template database once per run. */
export default async function setup() {
  await prepareTemplateDatabase();
}
