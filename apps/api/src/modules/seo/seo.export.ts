import { AppError, SEO_BUSY_STATUSES, slugify } from '@atelier/shared';
import { type ArticleRow, articleFor, type Deps } from './seo.articles';
import { articleHtml, articleMarkdown } from './seo.render';
import type { ArticleFormat } from './seo.schema';
import { seoProjectFor } from './seo.service';

/** SEO article exports: one article or the whole project as Markdown (front matter) or HTML. */

function exportFile(deps: Deps, r: ArticleRow, format: ArticleFormat) {
  const origin = deps.env.http.publicUrl;
  if (format === 'html') {
    const body = articleHtml(r.content, r.format, deps.media, origin);
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const content = `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${esc(r.title)}</title>\n<meta name="description" content="${esc(r.description)}">\n<meta name="keywords" content="${esc(r.keywords.join(', '))}">\n</head>\n<body>\n<article>\n${body}\n</article>\n</body>\n</html>\n`;
    return { filename: `${r.slug}.html`, mimeType: 'text/html', content };
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
  return {
    filename: `${r.slug}.md`,
    mimeType: 'text/markdown',
    content: `${front.join('\n')}${articleMarkdown(r.content, r.format, deps.media, origin)}`,
  };
}

export async function exportArticle(deps: Deps, viewerId: string, id: string, format: ArticleFormat) {
  const { row } = await articleFor(deps.db, viewerId, id, 'read');
  if (SEO_BUSY_STATUSES.includes(row.status) || row.status === 'FAILED' || !row.content.trim())
    throw new AppError('CONFLICT', 'Only a written article can be exported');
  return exportFile(deps, row, format);
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
  const files = rows.map((r) => ({ articleId: r.id, ...exportFile(deps, r, format) }));
  const base = slugify(seo.business_name) || 'articles';
  const combined =
    format === 'html'
      ? {
          filename: `${base}-articles.html`,
          mimeType: 'text/html',
          content: `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${seo.business_name.replace(/[<>&"]/g, '')}</title></head>\n<body>\n${rows
            .map((r) => `<article id="${r.slug}">\n${articleHtml(r.content, r.format, deps.media, deps.env.http.publicUrl)}\n</article>`)
            .join('\n<hr>\n')}\n</body>\n</html>\n`,
        }
      : { filename: `${base}-articles.md`, mimeType: 'text/markdown', content: files.map((f) => f.content).join('\n\n---\n\n') };
  return { format, files, combined };
}
