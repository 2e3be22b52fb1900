import type { AppRouter } from '@atelier/api/router';
import { sections } from '@atelier/shared';
import { isTRPCClientError } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { isRecord } from '../../lib/storage';
import { safeHref } from '../chat/markdown';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type SeoProject = NonNullable<Outputs['seo']['byProject']['seoProject']>;
export type SeoAnalysis = NonNullable<SeoProject['analysis']>;
export type PageFindings = SeoAnalysis['competitors'][number];
export type ArticleSummary = Outputs['seo']['articles']['articles'][number];
export type Article = Outputs['seo']['article']['article'];
export type ArticleImage = ArticleSummary['images'][number];
export type SeoStats = Outputs['seo']['stats'];
export type ImageEstimate = Outputs['seo']['imageEstimate'];
export type SaveSeoProjectInput = Inputs['seo']['save'];
export type ArticleStatus = ArticleSummary['status'];

export const ARTICLE_STATUS_META: Record<ArticleStatus, { label: string; color: string; description: string }> = {
  QUEUED: { label: 'Queued', color: 'gray', description: 'Waiting for a writer' },
  GENERATING: { label: 'Writing', color: 'blue', description: 'Being written now' },
  READY: { label: 'Draft ready', color: 'teal', description: 'Ready to refine, schedule or publish' },
  SCHEDULED: { label: 'Scheduled', color: 'violet', description: 'Publishes on its date' },
  PUBLISHED: { label: 'Published', color: 'green', description: 'Live in the feed' },
  FAILED: { label: 'Failed', color: 'red', description: 'Writing failed; the credits were refunded' },
};

export const isWriting = (status: ArticleStatus) => status === 'QUEUED' || status === 'GENERATING';
export const imageRunning = (image: ArticleImage) => image.status === 'queued' || image.status === 'processing';
/** True while anything about the article is still being produced on the server. */
export const articleBusy = (a: Pick<ArticleSummary, 'status' | 'images'>) => isWriting(a.status) || a.images.some(imageRunning);

/** The server's per-field validation messages (`error.data.fields`), keyed by the first path segment. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isTRPCClientError(error) || !isRecord(error.data) || !Array.isArray(error.data.fields)) return out;
  for (const field of error.data.fields as unknown[]) {
    if (!isRecord(field) || typeof field.path !== 'string' || typeof field.message !== 'string') continue;
    const key = field.path.split('.')[0] ?? field.path;
    if (!out[key]) out[key] = field.message;
  }
  return out;
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(filename: string, mimeType: string, content: string): void {
  const blob = new Blob([content], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const credits = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2)} credit${n === 1 ? '' : 's'}`;

export function formatDate(iso: string | null | undefined, withTime = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return withTime ? d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : d.toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

/** The sections of an article that can be rewritten on their own: the server's own rule (H2–H6 headings). */
export function articleHeadings(content: string, format: 'markdown' | 'html'): string[] {
  return [...new Set(sections(content, format).map((s) => s.heading))];
}

export { parseRefineSearch, type RefineSearch } from './refineSearch';

/** Images may be absolute http(s) URLs or the app's own signed media paths (/media/<key>?exp&sig); nothing else. */
export function safeImageSrc(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  if (/^\/media\/[^\s"'<>\\]+$/.test(trimmed)) return trimmed;
  return safeHref(trimmed);
}

/**
 * The Articles stats' quality card: the SEO checks' average score (out of 100) and, as a separate, labelled line,
 * the average of your own 1–5 star ratings — so "86" and "no ratings yet" never read as one contradictory figure.
 */
export function qualityStat(avgScore: number | null, avgRating: number | null, rated: number): { label: string; value: string; hint: string } {
  return {
    label: 'Avg SEO score',
    value: avgScore == null ? '—' : `${Math.round(avgScore)} / 100`,
    hint:
      avgRating == null
        ? 'From the SEO checks · your star rating: none given yet'
        : `From the SEO checks · your star rating: ${avgRating.toFixed(1)} / 5 (${rated} rated)`,
  };
}
