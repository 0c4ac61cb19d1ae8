import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { SSR_HYDRATED_STALE_MS, SSR_STATE_ELEMENT_ID } from '#shared/constants.ts';
import { isViewerIndependent } from './page-load.ts';

/**
 * What the server sends with a rendered page (entry-server.tsx), in
 * <script type="application/json" id="appui-ssr-state"> (the CSP allows no inline script).
 */
export type SsrState = {
  /** TanStack Query's dehydrated cache, under the keys the pages use. */
  queries: DehydratedState;
  /** False when the server showed a failed query: the browser renders from scratch instead. */
  hydrate: boolean;
};

function isSsrState(value: unknown): value is SsrState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<SsrState>;
  return typeof state.hydrate === 'boolean' && Array.isArray(state.queries?.queries);
}

/** The state the server sent with this page, or null (a page it did not render, or a broken one). */
export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isSsrState(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Seeds the browser's cache with the server's answers, so hydration renders what the server did
 * and fetches none of it again. They count as fetched now (not at the server's clock) and stay
 * fresh for SSR_HYDRATED_STALE_MS. A browser with a token gets only the answers that are the same
 * for every viewer: the rest may differ for it (people it blocked are hidden from it).
 */
export function seedFromSsr(queryClient: QueryClient, state: SsrState, options: { loggedIn: boolean }): void {
  const now = Date.now();
  const queries = state.queries.queries
    .filter((query) => !options.loggedIn || isViewerIndependent(query.queryKey))
    .map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } }));
  hydrate(queryClient, { mutations: [], queries });
  for (const query of queries) queryClient.setQueryDefaults(query.queryKey, { staleTime: SSR_HYDRATED_STALE_MS });
}
