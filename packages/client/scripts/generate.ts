import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { GENERATED_FILE, renderSchema } from './openapi-source';

await writeFile(GENERATED_FILE, await renderSchema());
console.log(`wrote ${fileURLToPath(GENERATED_FILE)}`);
