/**
 * A bounded in-process map whose entries expire: for answers that may be slightly stale by design
 * (typo candidates from the search vocabulary, the planner's estimate of a broad search's total) or
 * that writes drop (SharedAnswers). Insertion order doubles as age order, so the oldest entry is
 * evicted when full.
 */
export class ExpiringCache<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Stores `value` for the cache's TTL, or until `expiresAt` (epoch ms) when that comes sooner: an
   * answer that will change at a known instant (a payment hold lapsing) must not outlive it.
   */
  set(key: K, value: V, expiresAt?: number): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    const ttlEnd = this.now() + this.ttlMs;
    this.#entries.set(key, { value, expiresAt: expiresAt === undefined ? ttlEnd : Math.min(ttlEnd, expiresAt) });
  }

  /** Drops every entry whose value matches (a scan: the cache is bounded by `maxEntries`). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) if (matches(entry.value)) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
