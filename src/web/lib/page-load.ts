import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { pageTitles } from '#shared/messages/common.ts';
import { seo } from '#shared/messages/seo.ts';
import { absoluteUrl, type PageHead } from '#shared/rules/seo.ts';
import { isApiError } from './api-client.ts';

/**
 * Server-side rendering of the public pages (issue 11 section 2). A public page's module exports
 * `ssr`, a PageLoad: it fills the query cache with what the page shows to a visitor (through the
 * pages' own query options, so the keys, fetchers and response parsing are the browser's) and says
 * the page's head and HTTP status. entry-server.tsx runs it before rendering; the browser never does.
 */
export type PageLoadContext = {
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
  queryClient: QueryClient;
  /** PUBLIC_URL, for the absolute addresses of JSON-LD. */
  publicUrl: string;
};

export type PageLoadResult = { status: number; head: PageHead };

export type PageLoad = (context: PageLoadContext) => Promise<PageLoadResult>;

/** Where route modules put their loader: React Router's `handle` of the route. */
export type PageHandle = { ssr?: PageLoad };

/** An answer the page shows as "not found": no such id (404) or not an id at all (422). */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 422);
}

/**
 * Fetches one query into the cache, as the page's useQuery would; resolves with its data, or with
 * null when the API says the thing does not exist (the page then renders its not-found state from
 * the failed query in the cache). Other failures reject: the server answers its error page.
 */
export async function loadQuery<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<T | null> {
  try {
    return await queryClient.fetchQuery(options);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Queries whose answer is the same for every viewer: a browser with a token (rendered from scratch,
 * not hydrated) may still start from the server's copy of these. Offers, helpers and searches are
 * not: they hide the people a logged-in viewer blocked or was blocked by.
 */
export function isViewerIndependent(queryKey: QueryKey): boolean {
  return queryKey[0] === 'helpers' && (queryKey[2] === 'rating' || queryKey[2] === 'reviews');
}

/** The loader of a page without data: its head only, always 200. */
export function staticPage(head: Omit<PageHead, 'ogType' | 'jsonLd'> & Partial<Pick<PageHead, 'jsonLd'>>): PageLoad {
  return () => Promise.resolve({ status: 200, head: { ogType: 'website', jsonLd: [], ...head } });
}

/** `path` on PUBLIC_URL. */
export function pageUrl(context: Pick<PageLoadContext, 'publicUrl'>, path: string): string {
  return absoluteUrl(context.publicUrl, path);
}

/** The answer for a page of nothing: HTTP 404, "Page non trouvée — Appui", kept out of indexes. */
export function notFoundLoad(): Promise<PageLoadResult> {
  return Promise.resolve({
    status: 404,
    head: {
      title: pageTitles.notFound,
      description: seo.notFound,
      canonicalPath: '/',
      ogType: 'website',
      jsonLd: [],
      noindex: true,
    },
  });
}
