import { SEO_DEFAULTS, SEO_IMAGE_PRICING } from '@atelier/shared';
import { z } from 'zod';

export { SEO_DEFAULTS, SEO_IMAGE_PRICING };

export const SEO_LIMITS = {
  minWords: 300,
  maxWords: 5000,
  maxKeywords: 20,
  maxCompetitors: 5,
  maxTopicsPerRequest: 10,
  maxScheduleDays: 90,
  maxImages: 8,
} as const;
export const ARTICLE_STATUSES = ['QUEUED', 'GENERATING', 'READY', 'SCHEDULED', 'PUBLISHED', 'FAILED'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_FORMATS = ['markdown', 'html'] as const;
export type ArticleFormat = (typeof ARTICLE_FORMATS)[number];
export const IMAGE_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;

const ZUuid = (what: string) => z.uuid({ error: `id must be ${what}` });

const ZHttpUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(2048, `${field} must be at most 2048 characters`)
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
        } catch {
          return false;
        }
      },
      { error: `${field} must be an http(s) URL` },
    );

const ZKeyword = z.string().trim().min(1, 'a keyword cannot be empty').max(60, 'a keyword is at most 60 characters');

// ---- SEO project --------------------------------------------------------------------------

export const ZSeoProjectFields = z.object({
  businessName: z.string().trim().min(1, 'businessName is required').max(120, 'businessName must be at most 120 characters'),
  businessDesc: z.string().trim().max(2000, 'businessDesc must be at most 2000 characters').default(''),
  targetUrl: z.union([ZHttpUrl('targetUrl'), z.literal('')]).default(''),
  seoKeywords: z
    .array(ZKeyword)
    .min(1, 'seoKeywords needs at least one keyword')
    .max(SEO_LIMITS.maxKeywords, `seoKeywords allows at most ${SEO_LIMITS.maxKeywords} keywords`),
  competitors: z
    .array(ZHttpUrl('competitors'))
    .max(SEO_LIMITS.maxCompetitors, `competitors allows at most ${SEO_LIMITS.maxCompetitors} URLs`)
    .default([]),
  wordsPerArticle: z
    .number()
    .int('wordsPerArticle must be a whole number')
    .min(SEO_LIMITS.minWords, `wordsPerArticle must be between ${SEO_LIMITS.minWords} and ${SEO_LIMITS.maxWords}`)
    .max(SEO_LIMITS.maxWords, `wordsPerArticle must be between ${SEO_LIMITS.minWords} and ${SEO_LIMITS.maxWords}`)
    .default(SEO_DEFAULTS.wordsPerArticle),
  articleFormat: z.enum(ARTICLE_FORMATS, { error: 'articleFormat must be markdown or html' }).default(SEO_DEFAULTS.articleFormat),
  publishSchedule: z
    .number()
    .int('publishSchedule must be a whole number of days')
    .min(1, `publishSchedule must be between 1 and ${SEO_LIMITS.maxScheduleDays} days`)
    .max(SEO_LIMITS.maxScheduleDays, `publishSchedule must be between 1 and ${SEO_LIMITS.maxScheduleDays} days`)
    .default(SEO_DEFAULTS.publishSchedule),
  /** The text model that writes this project's articles (catalogue id, e.g. local/text); null = the default text model. */
  textModel: z.string().trim().min(1).max(120).nullable().default(null),
});

/** PUT /seo/projects/by-project/{projectId}: create or replace the SEO project of a TEXT project. */
export const ZSaveSeoProject = ZSeoProjectFields.extend({ projectId: ZUuid('a project id') }).strict();
export type SaveSeoProjectInput = z.infer<typeof ZSaveSeoProject>;

export const ZByProject = z.object({ projectId: ZUuid('a project id') }).strict();
export const ZSeoProjectId = z.object({ id: ZUuid('an SEO project id') }).strict();
export const ZArticleId = z.object({ id: ZUuid('an article id') }).strict();

const ZPageFindings = z.object({
  url: z.string(),
  finalUrl: z.string().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  status: z.number().nullable(),
  title: z.string(),
  metaDescription: z.string(),
  headings: z.array(z.object({ level: z.number(), text: z.string() })),
  wordCount: z.number(),
  /** Top terms of the page (stop words removed), most frequent first. */
  topTerms: z.array(z.object({ term: z.string(), count: z.number() })),
  /** How often each of the project's seoKeywords occurs on the page. */
  keywordFrequencies: z.array(z.object({ keyword: z.string(), count: z.number(), density: z.number() })),
});
export type PageFindings = z.infer<typeof ZPageFindings>;

export const ZAnalysis = z.object({
  analyzedAt: z.string(),
  target: ZPageFindings.nullable(),
  competitors: z.array(ZPageFindings),
  /** Terms competitors use that the target page does not (or uses far less). */
  keywordGaps: z.array(z.object({ term: z.string(), competitorCount: z.number(), targetCount: z.number(), competitors: z.number() })),
  suggestedTopics: z.array(z.object({ topic: z.string(), reason: z.string(), keywords: z.array(z.string()) })),
});
export type Analysis = z.infer<typeof ZAnalysis>;

export const ZSeoProject = z.object({
  id: z.string(),
  projectId: z.string(),
  userId: z.string(),
  businessName: z.string(),
  businessDesc: z.string(),
  targetUrl: z.string(),
  seoKeywords: z.array(z.string()),
  competitors: z.array(z.string()),
  wordsPerArticle: z.number(),
  articleFormat: z.enum(ARTICLE_FORMATS),
  publishSchedule: z.number(),
  textModel: z.string().nullable(),
  analysis: ZAnalysis.nullable(),
  /** What one article (and one regeneration) costs with the project's text model. */
  pricing: z.object({ model: z.string(), modelName: z.string(), articleCredits: z.number(), available: z.boolean() }),
  feeds: z.object({ rss: z.string(), json: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SeoProject = z.infer<typeof ZSeoProject>;

export const ZSeoProjectByProject = z.object({
  project: z.object({ id: z.string(), name: z.string(), type: z.enum(['VIDEO', 'IMAGE', 'TEXT']) }),
  seoProject: ZSeoProject.nullable(),
});

// ---- articles -----------------------------------------------------------------------------

export const ZArticleImage = z.object({
  id: z.string(),
  generationId: z.string(),
  role: z.enum(['hero', 'inline']),
  status: z.enum(IMAGE_STATUSES),
  progress: z.number(),
  url: z.string().nullable(),
  alt: z.string(),
  /** Set once the image has been placed into the article content. */
  placed: z.boolean(),
  error: z.string().nullable(),
});

/** `seo.onProgress`: an article's live state (its writer's progress, its images being made). */
export const ZArticleProgress = z.object({
  articleId: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  progress: z.number(),
  images: z.array(z.object({ generationId: z.string(), status: z.enum(IMAGE_STATUSES), progress: z.number() })),
});
export type ArticleProgress = z.infer<typeof ZArticleProgress>;
/** First every article of the project, then the ones that changed and the ids of deleted ones. */
export type SeoProgress = { articles: ArticleProgress[]; removed: string[] };

export const ZArticleSummary = z.object({
  id: z.string(),
  seoProjectId: z.string(),
  sourcePageId: z.string().nullable(),
  topic: z.string(),
  title: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  slug: z.string(),
  format: z.enum(ARTICLE_FORMATS),
  wordCount: z.number(),
  aiProvider: z.string(),
  aiModel: z.string(),
  creditsUsed: z.number(),
  status: z.enum(ARTICLE_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  publishDate: z.string().nullable(),
  publishedAt: z.string().nullable(),
  regenerations: z.number(),
  rating: z.number().nullable(),
  images: z.array(ZArticleImage),
  seoScore: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ArticleSummary = z.infer<typeof ZArticleSummary>;

export const ZSeoScore = z.object({
  score: z.number(),
  breakdown: z.object({ keywords: z.number(), headings: z.number(), length: z.number(), readability: z.number() }),
  suggestions: z.array(z.string()),
  details: z.object({
    wordCount: z.number(),
    targetWords: z.number(),
    headingCount: z.number(),
    avgSentenceWords: z.number(),
    keywordHits: z.array(z.object({ keyword: z.string(), count: z.number(), inTitle: z.boolean(), inHeadings: z.boolean() })),
  }),
});
export type SeoScore = z.infer<typeof ZSeoScore>;

export const ZArticle = ZArticleSummary.extend({
  content: z.string(),
  promptUsed: z.string(),
  score: ZSeoScore.nullable(),
});
export type Article = z.infer<typeof ZArticle>;

export const ZListArticles = z
  .object({
    id: ZUuid('an SEO project id'),
    status: z.enum(ARTICLE_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

export const ZArticleList = z.object({ articles: z.array(ZArticleSummary), total: z.number() });

export const ZSeoStats = z.object({
  total: z.number(),
  byStatus: z.record(z.enum(ARTICLE_STATUSES), z.number()),
  totalWords: z.number(),
  avgWords: z.number(),
  creditsUsed: z.number(),
  avgRating: z.number().nullable(),
  /** How many articles carry your star rating. */
  rated: z.number(),
  avgScore: z.number().nullable(),
  regenerations: z.number(),
  nextPublishDate: z.string().nullable(),
  lastPublishedAt: z.string().nullable(),
});

const ZTopic = z.string().trim().min(3, 'a topic needs at least 3 characters').max(200, 'a topic is at most 200 characters');

export const ZRequestArticles = z
  .object({
    id: ZUuid('an SEO project id'),
    topics: z
      .array(ZTopic)
      .min(1, 'topics needs at least one topic')
      .max(SEO_LIMITS.maxTopicsPerRequest, `topics allows at most ${SEO_LIMITS.maxTopicsPerRequest} per request`),
    /** Extra keywords for these articles (the project's seoKeywords are always used). */
    keywords: z.array(ZKeyword).max(SEO_LIMITS.maxKeywords).optional(),
    /** The page the topics came from (e.g. a competitor URL of the analysis); stored as each article's sourcePageId. */
    sourcePageId: z.string().trim().min(1).max(2048, 'sourcePageId is at most 2048 characters').optional(),
    idempotencyKey: z.string().trim().min(8).max(100).optional(),
  })
  .strict();

export const ZRequestArticlesResult = z.object({ articles: z.array(ZArticleSummary), creditsBalance: z.number(), creditsCharged: z.number() });

export const ZUpdateArticle = z
  .object({
    id: ZUuid('an article id'),
    title: z.string().trim().min(3, 'title needs at least 3 characters').max(200, 'title is at most 200 characters').optional(),
    description: z.string().trim().max(SEO_DEFAULTS.descriptionMax, `description is at most ${SEO_DEFAULTS.descriptionMax} characters`).optional(),
    content: z.string().min(1, 'content cannot be empty').max(200_000, 'content is at most 200000 characters').optional(),
    keywords: z.array(ZKeyword).max(SEO_LIMITS.maxKeywords).optional(),
    slug: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug may contain lowercase letters, digits and single dashes')
      .optional(),
  })
  .strict();

export const ZRegenerateArticle = z
  .object({
    id: ZUuid('an article id'),
    instructions: z.string().trim().max(1000, 'instructions are at most 1000 characters').optional(),
    /** The heading text of one section to rewrite; absent = the whole article. */
    section: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

export const ZRateArticle = z
  .object({ id: ZUuid('an article id'), rating: z.number().int().min(1, 'rating must be 1 to 5').max(5, 'rating must be 1 to 5') })
  .strict();

export const ZArticleResult = z.object({ article: ZArticle });
export const ZArticleChargeResult = z.object({ article: ZArticle, creditsBalance: z.number(), creditsCharged: z.number() });

export const ZImageEstimateRequest = z
  .object({
    id: ZUuid('an article id'),
    count: z
      .number()
      .int()
      .min(0, `count must be 0 to ${SEO_LIMITS.maxImages}`)
      .max(SEO_LIMITS.maxImages, `count must be 0 to ${SEO_LIMITS.maxImages}`)
      .default(SEO_IMAGE_PRICING.defaultCount),
    includeHero: z.boolean().default(true),
    provider: z.string().trim().min(1).max(60).optional(),
    model: z.string().trim().min(1).max(120).optional(),
    size: z
      .enum(['16:9', '1:1', '9:16', '1024x1024', '1792x1024', '1024x1792'], {
        error: 'size must be 16:9, 1:1, 9:16, 1024x1024, 1792x1024 or 1024x1792',
      })
      .default('16:9'),
  })
  .strict()
  .refine((v) => v.count + (v.includeHero ? 1 : 0) > 0, { error: 'Ask for at least one image (count or includeHero)', path: ['count'] });

export const ZImageEstimate = z.object({
  provider: z.string(),
  model: z.string(),
  size: z.string(),
  count: z.number(),
  includeHero: z.boolean(),
  perImageUnits: z.number(),
  perImageCredits: z.number(),
  totalUnits: z.number(),
  totalCredits: z.number(),
});
export type ImageEstimate = z.infer<typeof ZImageEstimate>;

export const ZGenerateImagesResult = z.object({
  status: z.literal('queued'),
  estimate: ZImageEstimate,
  images: z.array(ZArticleImage),
  article: ZArticle,
  creditsBalance: z.number(),
});

export const ZScheduleArticle = z
  .object({
    id: ZUuid('an article id'),
    /** ISO date-time; absent = the next free slot of the project's publish schedule. */
    publishDate: z.iso.datetime({ offset: true, error: 'publishDate must be an ISO date-time' }).optional(),
  })
  .strict();

export const ZExportRequest = z.object({ id: ZUuid('an id'), format: z.enum(ARTICLE_FORMATS).default('markdown') }).strict();
export const ZExportFile = z.object({ filename: z.string(), mimeType: z.string(), content: z.string() });
export const ZExportAll = z.object({
  format: z.enum(ARTICLE_FORMATS),
  files: z.array(ZExportFile.extend({ articleId: z.string() })),
  combined: ZExportFile,
});
