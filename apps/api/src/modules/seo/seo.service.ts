import type { Db } from '@atelier/db';
import { AppError, type ModelRequirements } from '@atelier/shared';
import type { Selectable } from 'kysely';
import type { Context } from '../../context';
import { listModels, resolveModel } from '../generation/catalogue.service';
import type { Model } from '../generation/generation.schema';
import { type ProjectNeed, projectFor } from '../projects/projects.access';
import { compare, extractPage, failedFindings, findings } from './seo.analysis';
import { fetchPage, PageFetchError, vetUrl } from './seo.fetch';
import type { Analysis, PageFindings, SaveSeoProjectInput, SeoProject } from './seo.schema';

type Deps = Pick<Context, 'db' | 'env' | 'queues' | 'media' | 'storage' | 'log' | 'events'>;
type SeoProjectRow = Selectable<import('@atelier/db').Database['seo_projects']>;

export const seoProjectNotFound = () => new AppError('NOT_FOUND', 'SEO project not found');

/** The SEO project by id, after checking the viewer may `need` its TEXT project. */
export async function seoProjectFor(db: Db, viewerId: string, seoProjectId: string, need: ProjectNeed): Promise<SeoProjectRow> {
  const row = await db.selectFrom('seo_projects').selectAll().where('id', '=', seoProjectId).executeTakeFirst();
  if (!row) throw seoProjectNotFound();
  try {
    await projectFor(db, viewerId, row.project_id, { need });
  } catch (e) {
    // Someone else's SEO project is as unknown as a missing one (404), a role too low stays 403.
    if (e instanceof AppError && e.code === 'NOT_FOUND') throw seoProjectNotFound();
    throw e;
  }
  return row;
}

/** The text model that writes a project's articles: its chosen one, else the default text model. */
export async function writerModel(deps: Pick<Deps, 'db' | 'env'>, textModel: string | null): Promise<Model> {
  if (textModel) {
    const models = await listModels(deps);
    const found = models.find((m) => m.id === textModel);
    if (found) return found;
  }
  return resolveModel(deps, 'text');
}

export function toSeoProject(row: SeoProjectRow, model: Model): SeoProject {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    businessName: row.business_name,
    businessDesc: row.business_desc,
    targetUrl: row.target_url,
    seoKeywords: row.seo_keywords,
    competitors: row.competitors,
    wordsPerArticle: row.words_per_article,
    articleFormat: row.article_format,
    publishSchedule: row.publish_schedule,
    textModel: row.text_model,
    analysis: (row.analysis as Analysis | null) ?? null,
    pricing: { model: model.id, modelName: model.name, articleCredits: model.credits, available: model.available },
    feeds: { rss: `/api/seo/feeds/${row.id}.xml`, json: `/api/seo/feeds/${row.id}.json` },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function present(deps: Deps, row: SeoProjectRow): Promise<SeoProject> {
  const model = await writerModel(deps, row.text_model).catch(
    (): Model => ({
      id: row.text_model ?? 'none',
      provider: 'none',
      name: 'No text model available',
      type: 'TEXT',
      category: null,
      description: '',
      requirements: { requiredInputs: ['prompt'], optionalInputs: [] } as ModelRequirements,
      pricing: [],
      credits: 0,
      isDefault: false,
      isLocal: false,
      priceBasis: 'generation',
      available: false,
      unavailableReason: 'No text model is available',
    }),
  );
  return toSeoProject(row, model);
}

export async function getByProject(deps: Deps, viewerId: string, projectId: string) {
  const project = await projectFor(deps.db, viewerId, projectId, { need: 'read' });
  const row = await deps.db.selectFrom('seo_projects').selectAll().where('project_id', '=', projectId).executeTakeFirst();
  return {
    project: { id: project.id, name: project.name, type: project.type },
    seoProject: row ? await present(deps, row) : null,
  };
}

export async function getSeoProject(deps: Deps, viewerId: string, id: string) {
  return { seoProject: await present(deps, await seoProjectFor(deps.db, viewerId, id, 'read')) };
}

function dedupe(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((v) => {
    const k = v.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** PUT /seo/projects/by-project/{projectId}: creates or replaces the SEO settings of a TEXT project. */
export async function saveSeoProject(deps: Deps, viewerId: string, input: SaveSeoProjectInput) {
  if (input.textModel) {
    const model = await resolveModel(deps, 'text', input.textModel).catch((e: unknown) => {
      const message = e instanceof AppError ? e.message : `Unknown model: ${input.textModel}`;
      throw new AppError('VALIDATION', message, { fields: [{ path: 'textModel', message }] });
    });
    input.textModel = model.id;
  }
  const values = {
    business_name: input.businessName,
    business_desc: input.businessDesc,
    target_url: input.targetUrl,
    seo_keywords: JSON.stringify(dedupe(input.seoKeywords)),
    competitors: JSON.stringify(dedupe(input.competitors)),
    words_per_article: input.wordsPerArticle,
    article_format: input.articleFormat,
    publish_schedule: input.publishSchedule,
    text_model: input.textModel,
  };
  const { row, created } = await deps.db.transaction().execute(async (trx) => {
    const project = await projectFor(trx, viewerId, input.projectId, { need: 'write', forUpdate: true });
    if (project.type !== 'TEXT') {
      const message = 'SEO articles belong to TEXT projects';
      throw new AppError('VALIDATION', message, { fields: [{ path: 'projectId', message }] });
    }
    const existing = await trx.selectFrom('seo_projects').select('id').where('project_id', '=', project.id).executeTakeFirst();
    if (existing) {
      const updated = await trx.updateTable('seo_projects').set(values).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
      return { row: updated, created: false };
    }
    const inserted = await trx
      .insertInto('seo_projects')
      .values({ ...values, project_id: project.id, user_id: project.user_id })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: inserted, created: true };
  });
  return { seoProject: await present(deps, row), created };
}

/**
 * POST /seo/check-url: the fetcher's own rules (vetUrl: http/https, no credentials, ports 80/443 or ≥ 1024, a host
 * that resolves to public addresses only), applied when a URL is entered so the setup can say why one will not work.
 */
export async function checkUrl(deps: Pick<Deps, 'env'>, raw: string): Promise<{ ok: boolean; reason: string | null; url: string }> {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'Not a valid URL: write it in full, e.g. https://example.com/page', url: text };
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageFetchError(`The host ${url.hostname} did not answer in time`)), 5000);
  });
  try {
    await Promise.race([vetUrl(url, { allowPrivate: deps.env.seo.fetchAllowPrivate }), deadline]);
    return { ok: true, reason: null, url: url.toString() };
  } catch (e) {
    return { ok: false, reason: e instanceof PageFetchError ? e.message : 'The URL cannot be checked', url: url.toString() };
  } finally {
    clearTimeout(timer);
  }
}

async function analysePage(deps: Deps, url: string, keywords: string[]): Promise<PageFindings> {
  try {
    const page = await fetchPage(url, {
      timeoutMs: deps.env.seo.fetchTimeoutMs,
      maxBytes: deps.env.seo.fetchMaxBytes,
      allowPrivate: deps.env.seo.fetchAllowPrivate,
    });
    return findings(url, extractPage(page.html), keywords, { finalUrl: page.finalUrl, status: page.status });
  } catch (e) {
    const message = e instanceof PageFetchError ? e.message : 'The page could not be analysed';
    deps.log.info({ url, err: String(e) }, 'seo page fetch failed');
    return failedFindings(url, message, e instanceof PageFetchError ? e.status : null);
  }
}

/**
 * POST /seo/projects/{id}/analysis: fetches the target and competitor pages (in parallel, each
 * with the fetch deadline and byte cap), extracts their findings and stores the comparison with
 * the project. A page that cannot be fetched is reported as such; the analysis still completes.
 */
export async function analyze(deps: Deps, viewerId: string, id: string) {
  const row = await seoProjectFor(deps.db, viewerId, id, 'write');
  if (!row.target_url && row.competitors.length === 0) {
    const message = 'Add your site URL or at least one competitor URL before running the analysis';
    throw new AppError('VALIDATION', message, { fields: [{ path: 'competitors', message }] });
  }
  const keywords = row.seo_keywords;
  const [target, ...competitors] = await Promise.all([
    row.target_url ? analysePage(deps, row.target_url, keywords) : Promise.resolve(null),
    ...row.competitors.map((u) => analysePage(deps, u, keywords)),
  ]);
  const analysis: Analysis = {
    analyzedAt: new Date().toISOString(),
    target: target ?? null,
    competitors,
    ...compare(target ?? null, competitors, keywords, row.business_name),
  };
  const updated = await deps.db
    .updateTable('seo_projects')
    .set({ analysis: JSON.stringify(analysis) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { seoProject: await present(deps, updated) };
}
