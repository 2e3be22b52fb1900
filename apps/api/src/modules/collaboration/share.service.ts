import { randomBytes } from 'node:crypto';
import type { Db } from '@atelier/db';
import { AppError } from '@atelier/shared';
import { sql } from 'kysely';
import type { Context } from '../../context';
import type { CreateShareLinkRequest, SharedItem, ShareLink } from './collaboration.schema';

type Deps = Pick<Context, 'db' | 'media'>;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,64}$/;
/** Unknown, revoked and expired links all answer the same 404. */
const linkGone = () => new AppError('NOT_FOUND', 'This link is not available: it may have been revoked or expired');
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function linkQuery(db: Db) {
  return db
    .selectFrom('share_links as l')
    .leftJoin('generations as g', 'g.id', 'l.generation_id')
    .leftJoin('exports as e', 'e.id', 'l.export_id')
    .select([
      'l.id',
      'l.token',
      'l.generation_id',
      'l.export_id',
      'l.expires_at',
      'l.revoked_at',
      'l.created_at',
      'g.prompt as g_prompt',
      'e.name as e_name',
      'e.type as e_type',
    ]);
}
type LinkRow = Awaited<ReturnType<ReturnType<typeof linkQuery>['executeTakeFirstOrThrow']>>;

function toLink(r: LinkRow, now = Date.now()): ShareLink {
  const status = r.revoked_at ? 'revoked' : r.expires_at && new Date(r.expires_at).getTime() <= now ? 'expired' : 'active';
  const title = r.generation_id ? (r.g_prompt ?? 'Generation') : (r.e_name ?? `Export (${r.e_type ?? 'file'})`);
  return {
    id: r.id,
    token: r.token,
    path: `/s/${r.token}`,
    kind: r.generation_id ? 'generation' : 'export',
    targetId: (r.generation_id ?? r.export_id) as string,
    title: title.slice(0, 200),
    status,
    expiresAt: iso(r.expires_at),
    revokedAt: iso(r.revoked_at),
    createdAt: iso(r.created_at) as string,
  };
}

/**
 * POST /share/links: a public read-only link to one of your finished generations, or to a
 * finished export of a project you own. Optional expiry in days; revocable at any time.
 */
export async function createShareLink(db: Db, user: { id: string }, input: CreateShareLinkRequest) {
  if (input.generationId) {
    const gen = await db
      .selectFrom('generations')
      .select(['status', 'output_url', 'output_text'])
      .where('id', '=', input.generationId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!gen) throw new AppError('NOT_FOUND', 'Generation not found', { fields: [{ path: 'generationId', message: 'Not one of your generations' }] });
    if (gen.status !== 'COMPLETED' || !(gen.output_url || gen.output_text)) {
      throw new AppError('VALIDATION', 'Only finished generations can be shared', {
        fields: [{ path: 'generationId', message: 'Not finished yet' }],
      });
    }
  } else if (input.exportId) {
    const exp = await db
      .selectFrom('exports as e')
      .innerJoin('projects as p', 'p.id', 'e.project_id')
      .select(['e.status', 'e.output_url'])
      .where('e.id', '=', input.exportId)
      .where('p.user_id', '=', user.id)
      .executeTakeFirst();
    if (!exp) throw new AppError('NOT_FOUND', 'Export not found', { fields: [{ path: 'exportId', message: 'Not an export of a project you own' }] });
    if (exp.status !== 'COMPLETED' || !exp.output_url) {
      throw new AppError('VALIDATION', 'Only finished exports can be shared', { fields: [{ path: 'exportId', message: 'Not finished yet' }] });
    }
  }
  const token = randomBytes(24).toString('base64url');
  const row = await db
    .insertInto('share_links')
    .values({
      token,
      user_id: user.id,
      generation_id: input.generationId ?? null,
      export_id: input.exportId ?? null,
      expires_at: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { link: toLink(await linkQuery(db).where('l.id', '=', row.id).executeTakeFirstOrThrow()) };
}

/** GET /share/links: your links, newest first (optionally those of one generation or export). */
export async function listShareLinks(db: Db, viewerId: string, input: { generationId?: string | undefined; exportId?: string | undefined }) {
  let q = linkQuery(db).where('l.user_id', '=', viewerId);
  if (input.generationId) q = q.where('l.generation_id', '=', input.generationId);
  if (input.exportId) q = q.where('l.export_id', '=', input.exportId);
  const rows = await q.orderBy('l.created_at', 'desc').orderBy('l.id').limit(200).execute();
  return { links: rows.map((r) => toLink(r)) };
}

/** DELETE /share/links/{id}: revoked at once (idempotent); the public page answers 404 from then on. */
export async function revokeShareLink(db: Db, user: { id: string }, id: string) {
  const row = await db
    .updateTable('share_links')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Share link not found');
  return { link: toLink(await linkQuery(db).where('l.id', '=', id).executeTakeFirstOrThrow()) };
}

/** GET /share/{token} (public): the media and prompt of a live link; nothing about the account. */
export async function getShared(deps: Deps, token: string): Promise<SharedItem> {
  if (!TOKEN_SHAPE.test(token)) throw linkGone();
  const link = await deps.db
    .selectFrom('share_links')
    .select(['id', 'generation_id', 'export_id', 'expires_at'])
    .where('token', '=', token)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  if (!link) throw linkGone();
  // Stable public URLs (absolute, from PUBLIC_URL) that stop answering once the link is revoked or expires.
  const media = deps.media.forShare(link.id);
  if (link.generation_id) {
    const g = await deps.db
      .selectFrom('generations')
      .select(['type', 'prompt', 'status', 'output_url', 'thumbnail_url', 'output_text', 'created_at'])
      .where('id', '=', link.generation_id)
      .executeTakeFirst();
    if (g?.status !== 'COMPLETED') throw linkGone();
    return {
      kind: 'generation',
      mediaType: g.type,
      title: g.prompt.length > 80 ? `${g.prompt.slice(0, 77)}…` : g.prompt,
      prompt: g.prompt,
      mediaUrl: media.url(g.output_url, { name: g.prompt }),
      thumbnailUrl: media.url(g.thumbnail_url),
      text: g.output_text,
      createdAt: iso(g.created_at) as string,
      expiresAt: iso(link.expires_at),
    };
  }
  const e = await deps.db
    .selectFrom('exports')
    .select(['name', 'type', 'status', 'output_url', 'created_at'])
    .where('id', '=', link.export_id as string)
    .executeTakeFirst();
  if (e?.status !== 'COMPLETED' || !e.output_url) throw linkGone();
  return {
    kind: 'export',
    mediaType: e.type,
    title: e.name || 'Shared export',
    prompt: null,
    mediaUrl: media.url(e.output_url, { name: e.name }),
    thumbnailUrl: null,
    text: null,
    createdAt: iso(e.created_at) as string,
    expiresAt: iso(link.expires_at),
  };
}
