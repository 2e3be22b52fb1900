/** Test fixtures that ship inside npm packages (no downloads): photographs for the face detector. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A JPEG photograph of one person (from @vladmandic/face-api's demo folder, MIT). */
export async function samplePortrait(): Promise<Buffer> {
  return readFile(join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg'));
}

/** Path of a group photograph (several faces) from the same folder. */
export function sampleGroupPhotoPath(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample6.jpg');
}
