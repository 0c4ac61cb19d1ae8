import { createBrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { keyLoadedHistoryEntry } from './history-key.ts';

describe('keyLoadedHistoryEntry', () => {
  afterEach(() => {
    window.history.replaceState(null, '');
  });

  it('gives the loaded entry a key of its own, which the router then uses instead of "default"', () => {
    window.history.replaceState(null, '');
    keyLoadedHistoryEntry();
    const router = createBrowserRouter([{ path: '*', element: null }]);
    expect(router.state.location.key).not.toBe('default');
    expect(router.state.location.key).toBe((window.history.state as { key: string }).key);
    router.dispose();
  });

  it('keeps the key and state of an entry that has one (a reload, a back or forward)', () => {
    window.history.replaceState({ usr: { from: 'book' }, key: 'k1', idx: 3 }, '');
    keyLoadedHistoryEntry();
    expect(window.history.state).toEqual({ usr: { from: 'book' }, key: 'k1', idx: 3 });
  });

  it('keeps the index the router gave an entry without a key', () => {
    window.history.replaceState({ idx: 0 }, '');
    keyLoadedHistoryEntry();
    expect(window.history.state).toMatchObject({ idx: 0, usr: null, key: expect.stringMatching(/^[a-z0-9]+$/) });
  });
});
