/**
 * The README's example, runnable: with an API key that has the `generate` scope, start an image
 * generation, poll until it is done, and download the file.
 *
 *   ATELIER_URL=http://localhost:3000 ATELIER_API_KEY=atl_… npx tsx packages/client/examples/generate-image.ts out.png
 */
import { writeFile } from 'node:fs/promises';
import { createAtelierClient, downloadOutput, errorMessage, waitForGeneration } from '../src/index';

export async function generateImage(options: { baseUrl: string; apiKey: string; prompt: string; outFile: string }) {
  const atelier = createAtelierClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });

  // 1. Start the generation: the credits are spent now, and the receipt names the key.
  const {
    data: started,
    error,
    response,
  } = await atelier.POST('/generation/generate', {
    body: { type: 'image', prompt: options.prompt, model: 'local/image', resolution: '480p' },
    // The same key within 24 h answers the same generation instead of charging twice.
    headers: { 'Idempotency-Key': `example-${options.outFile}` },
  });
  if (error) throw new Error(`Generate failed (${response.status}): ${errorMessage(error)}`);
  console.log(`started ${started.generation.id}; ${response.headers.get('RateLimit-Remaining')} requests left this minute`);

  // 2. Poll until it is done (or receive the generation.completed webhook instead).
  const generation = await waitForGeneration(atelier, started.generation.id, { intervalMs: 500 });
  if (generation.status !== 'COMPLETED') throw new Error(`Generation ${generation.status}: ${generation.error ?? ''}`);

  // 3. Download the file (outputUrl is a signed URL).
  const bytes = await downloadOutput(options.baseUrl, generation);
  await writeFile(options.outFile, bytes);
  return { generation, bytes: bytes.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ATELIER_URL, ATELIER_API_KEY } = process.env;
  if (!ATELIER_URL || !ATELIER_API_KEY) throw new Error('Set ATELIER_URL and ATELIER_API_KEY');
  const result = await generateImage({
    baseUrl: ATELIER_URL,
    apiKey: ATELIER_API_KEY,
    prompt: 'a lighthouse at dawn, watercolor',
    outFile: process.argv[2] ?? 'image.png',
  });
  console.log(`saved ${result.bytes} bytes (${result.generation.creditsUsed} credits)`);
}
