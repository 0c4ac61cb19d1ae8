/**
 * Gives the history entry a document was loaded on a key of its own, before the router starts.
 *
 * React Router keys that entry "default" in every document, and <ScrollRestoration> (app/root-layout.tsx)
 * saves scroll positions by entry key in sessionStorage: a page loaded afresh, such as a payment return
 * page coming back from the provider's checkout, was scrolled to where the page left before the
 * checkout had been read to (the footer, on a phone). The key is kept in the entry's `history.state`,
 * where the router reads it, so a reload or a back/forward to that entry still restores its own position.
 */
export function keyLoadedHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state;
  const current = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (typeof current.key === 'string' && current.key !== 'default') return;
  // The router's own shape of an entry: its state (`usr`), its key and its index in the session.
  history.replaceState({ usr: null, idx: 0, ...current, key: Math.random().toString(36).slice(2, 10) }, '');
}
