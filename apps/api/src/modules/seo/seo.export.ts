import { AppError, SEO_BUSY_STATUSES, slugify } from '@atelier/shared';
import { type ArticleRow, articleFor, articleMediaUrls, type Deps, type GenState, generationStates, type SeoProjectRow } from './seo.articles';
import { articleHtml, articleMarkdown } from './seo.render';
import type { ArticleFormat } from './seo.schema';
import { seoProjectFor } from './seo.service';

/** SEO article exports: one article or the whole project as Markdown (front matter) or HTML. */

/**
 * An exported file is public content: its images are the article's stable public URLs
 * (absolute, from PUBLIC_URL), which answer while the article is published (or scheduled and
 * due) and stop within a minute of unpublishing.
 */
function exportFile(deps: Deps, r: ArticleRow, seo: SeoProjectRow, gens: Map<string, GenState>, format: ArticleFormat) {
  const urlFor = articleMediaUrls(deps.media.forArticle(r.id), r, seo, gens);
  if (format === 'html') {
    const body = articleHtml(r.content, r.format, urlFor);
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const content = `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${esc(r.title)}</title>\n<meta name="description" content="${esc(r.description)}">\n<meta name="keywords" content="${esc(r.keywords.join(', '))}">\n</head>\n<body>\n<article>\n${body}\n</article>\n</body>\n</html>\n`;
    return { file: { filename: `${r.slug}.html`, mimeType: 'text/html', content }, body };
  }
  const front = [
    '---',
    `title: ${JSON.stringify(r.title)}`,
    `description: ${JSON.stringify(r.description)}`,
    `slug: ${r.slug}`,
    `keywords: ${JSON.stringify(r.keywords)}`,
  ];
  if (r.publish_date) front.push(`date: ${new Date(r.publish_date).toISOString()}`);
  front.push('---', '');
  const content = `${front.join('\n')}${articleMarkdown(r.content, r.format, urlFor)}`;
  return { file: { filename: `${r.slug}.md`, mimeType: 'text/markdown', content }, body: content };
}

export async function exportArticle(deps: Deps, viewerId: string, id: string, format: ArticleFormat) {
  const { row, seo } = await articleFor(deps.db, viewerId, id, 'read');
  if (SEO_BUSY_STATUSES.includes(row.status) || row.status === 'FAILED' || !row.content.trim())
    throw new AppError('CONFLICT', 'Only a written article can be exported');
  return exportFile(deps, row, seo, await generationStates(deps.db, [row]), format).file;
}

export async function exportAll(deps: Deps, viewerId: string, id: string, format: ArticleFormat) {
  const seo = await seoProjectFor(deps.db, viewerId, id, 'read');
  const rows = await deps.db
    .selectFrom('seo_articles')
    .selectAll()
    .where('seo_project_id', '=', seo.id)
    .where('status', 'in', ['READY', 'SCHEDULED', 'PUBLISHED'])
    .orderBy('publish_date')
    .orderBy('created_at')
    .execute();
  const gens = await generationStates(deps.db, rows);
  const exported = rows.map((r) => ({ row: r, ...exportFile(deps, r, seo, gens, format) }));
  const files = exported.map(({ row, file }) => ({ articleId: row.id, ...file }));
  const base = slugify(seo.business_name) || 'articles';
  const combined =
    format === 'html'
      ? {
          filename: `${base}-articles.html`,
          mimeType: 'text/html',
          content: `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${seo.business_name.replace(/[<>&"]/g, '')}</title></head>\n<body>\n${exported
            .map(({ row, body }) => `<article id="${row.slug}">\n${body}\n</article>`)
            .join('\n<hr>\n')}\n</body>\n</html>\n`,
        }
      : { filename: `${base}-articles.md`, mimeType: 'text/markdown', content: files.map((f) => f.content).join('\n\n---\n\n') };
  return { format, files, combined };
}
