import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * §7: `POST /advanced-features/voice/clone` and `/advanced-features/avatar/create` are multipart
 * uploads. Their procedures take JSON (files as base64 data URLs, which is what tRPC clients
 * send); this bridge lets the REST mirror take the multipart form too: the parts become the same
 * JSON body before the adapter reads it, so validation, sniffing and limits are the procedure's own.
 *
 * Which form fields are files, and which of them repeat, per path.
 */
const MULTIPART_PATHS: Record<string, { files: Record<string, 'one' | 'many'> }> = {
  '/api/advanced-features/voice/clone': { files: { samples: 'many' } },
  '/api/advanced-features/avatar/create': { files: { photo: 'one' } },
};

/** The REST routes that take multipart forms (the adapter registers them in the multipart scope). */
export const MULTIPART_URLS: ReadonlySet<string> = new Set(Object.keys(MULTIPART_PATHS));

/** The largest file and the most files any of these forms take (samples: 5 × 10 MB). */
const FILE_LIMIT_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 5;

interface FilePart {
  type: 'file';
  fieldname: string;
  mimetype: string;
  toBuffer: () => Promise<Buffer>;
}
interface FieldPart {
  type: 'field';
  fieldname: string;
  value: unknown;
}
type Part = FilePart | FieldPart;

const isPart = (v: unknown): v is Part => typeof v === 'object' && v !== null && 'type' in v && 'fieldname' in v;

async function toJson(req: FastifyRequest, files: Record<string, 'one' | 'many'>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
    const parts = (Array.isArray(raw) ? raw : [raw]).filter(isPart);
    const values: unknown[] = [];
    for (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        values.push(`data:${part.mimetype || 'application/octet-stream'};base64,${data.toString('base64')}`);
      } else {
        values.push(part.value);
      }
    }
    out[name] = files[name] === 'many' ? values : values.length === 1 ? values[0] : values;
  }
  return out;
}

export async function registerRestMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: FILE_LIMIT_BYTES, files: MAX_FILES, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    throwFileSizeLimit: true,
  });

  app.addHook('preValidation', async (req) => {
    if (req.method !== 'POST' || !req.isMultipart()) return;
    const form = MULTIPART_PATHS[req.url.split('?')[0] ?? ''];
    if (!form) return;
    req.body = await toJson(req, form.files);
    req.headers['content-type'] = 'application/json';
  });
}
