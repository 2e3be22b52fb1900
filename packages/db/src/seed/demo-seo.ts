import { countWords, cutDescription, placeImages } from '@atelier/shared';
import type { Db } from '../client';
import { DEMO_GENERATION_IDS } from './demo-generations';

/**
 * Guest demo data for SEO articles (issue 10): the demo TEXT project ("Company blog") gets an SEO
 * project with written articles — three READY (spec §4 "Demo articles are READY") and one
 * PUBLISHED with a hero image, which its public feed shows. Fixed ids: idempotent.
 */
const DEMO_USER = '00000000-0000-4000-8000-00000000d3e0';
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const TEXT_PROJECT = id(0x103);

export const DEMO_SEO_IDS = {
  seoProject: id(0x5e01),
  articles: [id(0x5e11), id(0x5e12), id(0x5e13), id(0x5e14)],
  heroImage: id(0x5e21),
};

const ARTICLES: { topic: string; title: string; keywords: string[]; body: string }[] = [
  {
    topic: 'How to plan a content calendar for a small business',
    title: 'How to Plan a Content Calendar for a Small Business',
    keywords: ['content calendar', 'small business', 'blog planning'],
    body: `A content calendar turns good intentions into a publishing habit. For a small business it does not need special software: a shared spreadsheet with a date, a topic, an owner and a status column is enough to start.

## Start from what your customers ask

The best topics come from the questions you already answer by e-mail, on the phone and at the counter. Write each one down for two weeks. Group similar questions together and you will have a month or two of articles that people are actually searching for.

## Pick a rhythm you can keep

Publishing one solid article a week beats five rushed ones followed by silence. Choose a day, block two hours for writing and one for editing, and put both in your diary like any other appointment. A steady cadence also helps search engines learn when to come back.

## Give every article one job

Before you write, decide what the reader should do next: book a call, read a related guide, or visit a product page. One clear goal keeps the article focused and makes it easy to measure whether it worked.

## Review once a month

At the end of each month, look at which articles brought visitors and which questions still come in. Move the winners up, update the ones that are getting old, and refill the calendar for the next four weeks.

## Conclusion

A content calendar is less about planning far ahead and more about making the next article obvious. Keep it simple, keep it visible and keep it moving.`,
  },
  {
    topic: 'Writing meta descriptions that earn the click',
    title: 'Writing Meta Descriptions That Earn the Click',
    keywords: ['meta description', 'click-through rate', 'search results'],
    body: `The meta description is the short paragraph under your page title in search results. It does not change your ranking directly, but it decides whether someone clicks.

## Keep it under 160 characters

Longer descriptions are cut off with an ellipsis. Put the most important words first so the message survives on small screens, and aim for 120 to 160 characters.

## Answer the searcher's question

Someone searching "how to descale a kettle" wants to know it is quick and safe. A description that says "Descale a kettle in ten minutes with vinegar or citric acid — no scrubbing needed" promises exactly that.

## Use the keyword naturally

Search engines bold the words that match the query. Including your main keyword once makes the result stand out, but repeating it reads like spam and puts people off.

## Make every page different

Duplicate descriptions tell readers nothing about why this page is the right one. Write a fresh description for each article, even if it takes only a minute.

## Conclusion

Treat the meta description as a tiny advert for the article: specific, honest and short. It is one of the cheapest ways to win more visitors from the rankings you already have.`,
  },
  {
    topic: 'Internal linking for beginners',
    title: 'Internal Linking for Beginners',
    keywords: ['internal linking', 'site structure', 'SEO basics'],
    body: `Internal links connect the pages of your own site. They help readers find related content and help search engines understand which pages matter most.

## Link from new articles to older ones

Every time you publish, link to two or three earlier articles that go deeper on a point you mention. Old articles get fresh attention and readers stay longer.

## Use descriptive anchor text

"Read our guide to pricing handmade goods" tells both people and search engines what to expect. "Click here" tells them nothing.

## Build topic clusters

Choose a few main topics and write one thorough guide for each. Shorter articles on sub-topics link up to the guide, and the guide links down to them. This structure shows that your site covers the subject in depth.

## Fix orphan pages

An orphan page has no links pointing to it, so visitors and crawlers rarely find it. A quick audit once a quarter — which pages have no internal links? — is enough to catch them.

## Conclusion

Internal linking costs nothing and compounds over time. Make it part of your publishing checklist and your site becomes easier to navigate with every article.`,
  },
  {
    topic: 'Measuring whether your blog is working',
    title: 'Measuring Whether Your Blog Is Working',
    keywords: ['blog analytics', 'organic traffic', 'conversions'],
    body: `A blog is working when it brings the right visitors and some of them take the next step. Three numbers tell you most of what you need to know.

## Organic visitors per article

Look at how many people arrive from search engines on each article over the last 90 days. A handful of articles usually bring most of the traffic: learn from them.

## Time on page and scroll depth

If people leave after a few seconds, the article did not match what they searched for. Rewrite the introduction so it answers the question straight away.

## Conversions from the blog

Count the sign-ups, enquiries or sales that start on an article. Even a small number shows which topics attract customers rather than casual readers.

## Conclusion

Measure a few things consistently instead of everything occasionally. Review them monthly and let the results decide what you write next.`,
  },
];

/** The demo's stored competitor analysis (demo pages on example domains), as the analysis stores it. */
function demoAnalysis() {
  const kw = (pairs: [string, number, number][]) => pairs.map(([keyword, count, density]) => ({ keyword, count, density }));
  const page = (
    url: string,
    title: string,
    metaDescription: string,
    headings: [number, string][],
    wordCount: number,
    terms: [string, number][],
    freq: [string, number, number][],
  ) => ({
    url,
    finalUrl: url,
    ok: true,
    error: null,
    status: 200,
    title,
    metaDescription,
    headings: headings.map(([level, text]) => ({ level, text })),
    wordCount,
    topTerms: terms.map(([term, count]) => ({ term, count })),
    keywordFrequencies: kw(freq),
  });
  return {
    analyzedAt: '2026-11-01T09:00:00.000Z',
    target: page(
      'https://example.com/blog',
      'Atelier Demo Co. Blog',
      'Notes from a small studio.',
      [
        [1, 'Our blog'],
        [2, 'Studio news'],
      ],
      420,
      [
        ['studio', 9],
        ['small business', 4],
        ['news', 4],
        ['content marketing', 2],
      ],
      [
        ['content marketing', 2, 0.95],
        ['small business', 4, 1.9],
        ['SEO basics', 0, 0],
      ],
    ),
    competitors: [
      page(
        'https://example.org/blog',
        'Content Marketing for Small Business | Example Org',
        'Practical content marketing and SEO basics for small business owners.',
        [
          [1, 'Content marketing for small business'],
          [2, 'How to build a content calendar'],
          [2, 'Keyword research on a budget'],
          [3, 'Writing meta descriptions'],
        ],
        1850,
        [
          ['content marketing', 21],
          ['keyword research', 12],
          ['content calendar', 9],
          ['small business', 14],
          ['meta descriptions', 5],
        ],
        [
          ['content marketing', 21, 2.27],
          ['small business', 14, 1.51],
          ['SEO basics', 3, 0.32],
        ],
      ),
      page(
        'https://example.net/articles',
        'SEO Basics Explained | Example Net',
        'A beginner-friendly guide to SEO basics, internal linking and keyword research.',
        [
          [1, 'SEO basics explained'],
          [2, 'Internal linking that helps readers'],
          [2, 'Keyword research step by step'],
          [2, 'Measuring organic traffic'],
        ],
        2300,
        [
          ['keyword research', 15],
          ['internal linking', 11],
          ['organic traffic', 8],
          ['seo basics', 10],
          ['search results', 6],
        ],
        [
          ['content marketing', 4, 0.35],
          ['small business', 2, 0.17],
          ['SEO basics', 10, 0.87],
        ],
      ),
    ],
    keywordGaps: [
      { term: 'keyword research', competitorCount: 27, targetCount: 0, competitors: 2 },
      { term: 'content calendar', competitorCount: 9, targetCount: 0, competitors: 1 },
      { term: 'internal linking', competitorCount: 11, targetCount: 0, competitors: 1 },
      { term: 'organic traffic', competitorCount: 8, targetCount: 0, competitors: 1 },
    ],
    suggestedTopics: [
      {
        topic: 'Keyword research step by step',
        reason: 'A competitor covers "keyword research" (example.net); your page does not.',
        keywords: ['keyword research', 'SEO basics'],
      },
      {
        topic: 'How to build a content calendar',
        reason: 'A competitor covers "content calendar" (example.org); your page does not.',
        keywords: ['content calendar', 'content marketing'],
      },
      {
        topic: 'Internal linking that helps readers',
        reason: 'A competitor covers "internal linking" (example.net); your page does not.',
        keywords: ['internal linking'],
      },
      { topic: 'A practical guide to SEO basics', reason: 'Your page never mentions "SEO basics".', keywords: ['SEO basics'] },
    ],
  };
}

export async function seedDemoSeo(db: Db): Promise<void> {
  const project = await db.selectFrom('projects').select('id').where('id', '=', TEXT_PROJECT).executeTakeFirst();
  if (!project) return;
  await db
    .insertInto('seo_projects')
    .values({
      id: DEMO_SEO_IDS.seoProject,
      project_id: TEXT_PROJECT,
      user_id: DEMO_USER,
      business_name: 'Atelier Demo Co.',
      business_desc: 'A small studio that helps independent shops grow with useful, search-friendly articles.',
      target_url: 'https://example.com/blog',
      seo_keywords: JSON.stringify(['content marketing', 'small business', 'SEO basics']),
      competitors: JSON.stringify(['https://example.org/blog', 'https://example.net/articles']),
      words_per_article: 1200,
      article_format: 'markdown',
      publish_schedule: 7,
      text_model: 'local/text',
      analysis: JSON.stringify(demoAnalysis()),
    })
    .onConflict((oc) => oc.column('project_id').doNothing())
    .execute();
  const seoProject = await db.selectFrom('seo_projects').select('id').where('project_id', '=', TEXT_PROJECT).executeTakeFirstOrThrow();

  const day = 86_400_000;
  const base = Date.UTC(2026, 10, 2, 9, 0, 0);
  await db
    .insertInto('seo_articles')
    .values(
      ARTICLES.map((a, i) => {
        const published = i === 0;
        // The published article shows a hero image (rendered with the other demo media).
        const images = published
          ? [{ id: DEMO_SEO_IDS.heroImage, generationId: DEMO_GENERATION_IDS.articleHero, role: 'hero' as const, alt: a.title, placed: true }]
          : [];
        const text = `# ${a.title}\n\n${a.body}\n`;
        const content = published
          ? placeImages(text, 'markdown', [
              { id: DEMO_SEO_IDS.heroImage, role: 'hero', key: `generations/${DEMO_USER}/${DEMO_GENERATION_IDS.articleHero}.png`, alt: a.title },
            ])
          : text;
        const first = a.body.split('\n\n')[0] ?? '';
        return {
          id: DEMO_SEO_IDS.articles[i] as string,
          seo_project_id: seoProject.id,
          user_id: DEMO_USER,
          topic: a.topic,
          title: a.title,
          description: cutDescription(first),
          keywords: JSON.stringify(a.keywords),
          slug: a.title
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, ''),
          content,
          format: 'markdown' as const,
          word_count: countWords(content, 'markdown'),
          ai_provider: 'local',
          ai_model: 'local/text',
          prompt_used: `${a.topic}. ${a.keywords.join(', ')}`,
          credit_units_used: published ? 500 : 100,
          images: JSON.stringify(images),
          status: published ? ('PUBLISHED' as const) : ('READY' as const),
          progress: 100,
          publish_date: new Date(base + i * 7 * day),
          published_at: published ? new Date(base) : null,
          rating: published ? 5 : null,
        };
      }),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
