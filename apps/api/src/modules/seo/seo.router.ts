import { z } from 'zod';
import { authedProcedure, router, viewerProcedure } from '../../trpc';
import * as articles from './seo.articles';
import * as exporting from './seo.export';
import * as images from './seo.images';
import { followProgress } from './seo.live';
import * as schedule from './seo.schedule';
import {
  ZArticleChargeResult,
  ZArticleId,
  ZArticleList,
  ZArticleResult,
  ZByProject,
  ZExportAll,
  ZExportFile,
  ZExportRequest,
  ZGenerateImagesResult,
  ZImageEstimate,
  ZImageEstimateRequest,
  ZListArticles,
  ZRateArticle,
  ZRegenerateArticle,
  ZRequestArticles,
  ZRequestArticlesResult,
  ZSaveSeoProject,
  ZScheduleArticle,
  ZSeoProject,
  ZSeoProjectByProject,
  ZSeoProjectId,
  ZSeoStats,
  ZUpdateArticle,
} from './seo.schema';
import * as seo from './seo.service';
import * as writing from './seo.writing';

const tags = ['SEO'];

/**
 * SEO article generation (issue #10; spec §3 SEO project / article, §7 seo/... paths, §9 constants).
 * Reads go through viewerProcedure (guests read the demo TEXT project's SEO data); writes need a
 * signed-in user. Every procedure resolves the owning project through projectFor with its need.
 * Literal paths before parameterised ones.
 */
export const seoRouter = router({
  // ---- SEO project ------------------------------------------------------------------------
  byProject: viewerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/seo/projects/by-project/{projectId}',
        tags,
        summary: 'The SEO project of a TEXT project (null when not set up)',
      },
    })
    .input(ZByProject)
    .output(ZSeoProjectByProject)
    .query(({ ctx, input }) => seo.getByProject(ctx, ctx.viewerId, input.projectId)),
  save: authedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/seo/projects/by-project/{projectId}', tags, summary: 'Create or update the SEO project of a TEXT project' },
    })
    .input(ZSaveSeoProject)
    .output(z.object({ seoProject: ZSeoProject, created: z.boolean() }))
    .mutation(({ ctx, input }) => seo.saveSeoProject(ctx, ctx.user.id, input)),
  get: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/seo/projects/{id}', tags, summary: 'One SEO project with its stored competitor analysis' } })
    .input(ZSeoProjectId)
    .output(z.object({ seoProject: ZSeoProject }))
    .query(({ ctx, input }) => seo.getSeoProject(ctx, ctx.viewerId, input.id)),
  checkUrl: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/seo/check-url',
        tags,
        summary:
          'Whether the competitor analysis may fetch a URL (http/https, no credentials, allowed port, a host that resolves to public addresses only) and, if not, why',
      },
    })
    .input(z.object({ url: z.string().trim().min(1, 'url is required').max(2000) }).strict())
    .output(z.object({ ok: z.boolean(), reason: z.string().nullable(), url: z.string() }))
    .mutation(({ ctx, input }) => seo.checkUrl(ctx, input.url)),
  analyze: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/seo/projects/{id}/analysis', tags, summary: 'Fetch the target and competitor pages and store the analysis' },
    })
    .input(ZSeoProjectId)
    .output(z.object({ seoProject: ZSeoProject }))
    .mutation(({ ctx, input }) => seo.analyze(ctx, ctx.user.id, input.id)),
  // Live article progress (SSE): every article first, then the ones that changed. The articles and stats reads are the fallback.
  onProgress: viewerProcedure.input(ZSeoProjectId).subscription(({ ctx, input, signal }) => followProgress(ctx, ctx.viewerId, input.id, signal)),
  articles: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/seo/projects/{id}/articles', tags, summary: 'Articles of an SEO project, newest first' } })
    .input(ZListArticles)
    .output(ZArticleList)
    .query(({ ctx, input }) => articles.listArticles(ctx, ctx.viewerId, input)),
  requestArticles: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/seo/projects/{id}/articles',
        tags,
        summary: 'Request one article per topic (charged up front, one job each)',
      },
    })
    .input(ZRequestArticles)
    .output(ZRequestArticlesResult)
    .mutation(({ ctx, input }) => writing.requestArticles(ctx, input)),
  stats: viewerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/seo/projects/{id}/stats',
        tags,
        summary: 'Article counts by status, words, credits, ratings, next publish date',
      },
    })
    .input(ZSeoProjectId)
    .output(ZSeoStats)
    .query(({ ctx, input }) => articles.stats(ctx, ctx.viewerId, input.id)),
  exportAll: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/seo/projects/{id}/export', tags, summary: 'Every finished article as Markdown or sanitised HTML' } })
    .input(ZExportRequest)
    .output(ZExportAll)
    .query(({ ctx, input }) => exporting.exportAll(ctx, ctx.viewerId, input.id, input.format)),

  // ---- one article ------------------------------------------------------------------------
  article: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/seo/articles/{id}', tags, summary: 'One article with its content and SEO score' } })
    .input(ZArticleId)
    .output(ZArticleResult)
    .query(({ ctx, input }) => articles.getArticle(ctx, ctx.viewerId, input.id)),
  updateArticle: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/seo/articles/{id}', tags, summary: 'Edit title, description, keywords, slug or content' } })
    .input(ZUpdateArticle)
    .output(ZArticleResult)
    .mutation(({ ctx, input }) => articles.updateArticle(ctx, input)),
  deleteArticle: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/seo/articles/{id}', tags, summary: 'Delete an article (not while it is being written)' } })
    .input(ZArticleId)
    .output(z.object({ success: z.literal(true), id: z.string() }))
    .mutation(({ ctx, input }) => articles.deleteArticle(ctx, input.id)),
  regenerate: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/seo/articles/{id}/regenerate',
        tags,
        summary: 'Rewrite the article or one section with instructions (charged)',
      },
    })
    .input(ZRegenerateArticle)
    .output(ZArticleChargeResult)
    .mutation(({ ctx, input }) => writing.regenerateArticle(ctx, input)),
  rate: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/seo/articles/{id}/rating', tags, summary: 'Rate an article 1 to 5' } })
    .input(ZRateArticle)
    .output(ZArticleResult)
    .mutation(({ ctx, input }) => articles.rateArticle(ctx, input.id, input.rating)),
  imageEstimate: viewerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/seo/articles/{id}/image-estimate',
        tags,
        summary: 'What images for an article cost (4 credits each, hero = one extra)',
      },
    })
    .input(ZImageEstimateRequest)
    .output(ZImageEstimate)
    .mutation(({ ctx, input }) => images.estimate(ctx, ctx.viewerId, input)),
  generateImages: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/seo/articles/{id}/generate-images',
        tags,
        summary: 'Charge the estimate and queue the images (status queued)',
      },
    })
    .input(ZImageEstimateRequest)
    .output(ZGenerateImagesResult)
    .mutation(({ ctx, input }) => images.generateImages(ctx, input)),
  schedule: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/seo/articles/{id}/schedule', tags, summary: 'Schedule publication (default: the next slot of the cadence)' },
    })
    .input(ZScheduleArticle)
    .output(ZArticleResult)
    .mutation(({ ctx, input }) => schedule.scheduleArticle(ctx, input.id, input.publishDate)),
  publish: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/seo/articles/{id}/publish', tags, summary: 'Publish now' } })
    .input(ZArticleId)
    .output(ZArticleResult)
    .mutation(({ ctx, input }) => schedule.publishArticle(ctx, input.id)),
  unpublish: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/seo/articles/{id}/unpublish', tags, summary: 'Take an article off the feed (back to READY)' } })
    .input(ZArticleId)
    .output(ZArticleResult)
    .mutation(({ ctx, input }) => schedule.unpublishArticle(ctx, input.id)),
  exportArticle: viewerProcedure
    .meta({ openapi: { method: 'GET', path: '/seo/articles/{id}/export', tags, summary: 'One article as Markdown or sanitised HTML' } })
    .input(ZExportRequest)
    .output(ZExportFile)
    .query(({ ctx, input }) => exporting.exportArticle(ctx, ctx.viewerId, input.id, input.format)),
});
