import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { SSR_STATE_ELEMENT_ID } from '#shared/constants.ts';
import { jsonForScript } from '#shared/rules/seo.ts';
import { queryKeys } from './query-keys.ts';
import { readSsrState, seedFromSsr, type SsrState } from './ssr-state.ts';

/** A state as entry-server.tsx makes it: the server's cache, dehydrated an hour ago (another clock). */
function serverState(): SsrState {
  const server = new QueryClient();
  const fetchedAt = Date.now() - 60 * 60 * 1000;
  server.setQueryData(queryKeys.offers.detail('o1'), { id: 'o1' }, { updatedAt: fetchedAt });
  server.setQueryData(queryKeys.helpers.rating('h1'), { average: 5, count: 1 }, { updatedAt: fetchedAt });
  server.setQueryData(queryKeys.helpers.reviews('h1'), [], { updatedAt: fetchedAt });
  return { queries: dehydrate(server), hydrate: true };
}

function putState(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SSR_STATE_ELEMENT_ID;
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(SSR_STATE_ELEMENT_ID)?.remove();
});

describe('readSsrState', () => {
  it('reads the state the server escaped into its JSON script', () => {
    const state = serverState();
    putState(jsonForScript(state));
    expect(readSsrState(document)).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it('is null without the script, or with a broken or foreign one', () => {
    expect(readSsrState(document)).toBeNull();
    putState('{not json');
    expect(readSsrState(document)).toBeNull();
    document.getElementById(SSR_STATE_ELEMENT_ID)?.remove();
    putState('{"queries":{},"hydrate":"yes"}');
    expect(readSsrState(document)).toBeNull();
  });
});

describe('seedFromSsr', () => {
  it("gives a visitor's cache every answer, fresh now whatever the server's clock said", () => {
    const client = new QueryClient();
    const start = Date.now();
    seedFromSsr(client, serverState(), { loggedIn: false });
    expect(client.getQueryData(queryKeys.offers.detail('o1'))).toEqual({ id: 'o1' });
    const query = client.getQueryCache().find({ queryKey: queryKeys.offers.detail('o1') });
    // Mounted with the page's own options (no staleTime), the hydrated answer is not refetched.
    expect(query?.isStaleByTime(client.getQueryDefaults(queryKeys.offers.detail('o1')).staleTime as number)).toBe(
      false,
    );
    expect(query?.isStaleByTime(0)).toBe(true);
    expect(query?.state.dataUpdatedAt).toBeGreaterThanOrEqual(start);
  });

  it('gives a logged-in browser only the answers that are the same for everyone', () => {
    const client = new QueryClient();
    seedFromSsr(client, serverState(), { loggedIn: true });
    expect(client.getQueryData(queryKeys.offers.detail('o1'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.helpers.rating('h1'))).toEqual({ average: 5, count: 1 });
    expect(client.getQueryData(queryKeys.helpers.reviews('h1'))).toEqual([]);
  });
});
