// Apart from seoData.ts: the route's search parser is in the first load.

/** Search params of /projects/{projectId}/seo/refine: the article being refined. */
export interface RefineSearch {
  article?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseRefineSearch(search: Record<string, unknown>): RefineSearch {
  return typeof search.article === 'string' && UUID.test(search.article) ? { article: search.article } : {};
}
