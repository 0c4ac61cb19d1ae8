import { ExpiringCache } from './expiring-cache.ts';

/** A computed answer and, when it will change at a known instant, until when it may be reused (epoch ms). */
export type Computed<V> = { value: V; expiresAt?: number };

type Pending<V> = { promise: Promise<V>; group: string | undefined; dropped: boolean };

/**
 * Whole answers of a read, cached in this process for a short while (issue 11: search answers, free
 * windows), with two guarantees the callers rely on:
 * - concurrent requests for one key wait for the one computation instead of each running it (many
 *   pages polling the same thing at once);
 * - `drop` and `clear` (called when a write is announced on the bus) also discard the computations
 *   under way: they may have read before the write, so they answer their own callers but are not
 *   stored, and a request arriving after the drop starts afresh.
 * Entries expire after the TTL or at the `expiresAt` their computation gives, whichever comes first.
 */
export class SharedAnswers<V> {
  readonly #answers: ExpiringCache<string, { value: V; group: string | undefined }>;
  readonly #pending = new Map<string, Pending<V>>();

  constructor(ttlMs: number, maxEntries: number, now: () => number = () => Date.now()) {
    this.#answers = new ExpiringCache(ttlMs, maxEntries, now);
  }

  /**
   * The cached answer of `key`, the one being computed, or a new computation (then cached). `group`
   * is what a write drops (`drop`): it is known before the computation runs, so a drop reaches the
   * computation while under way.
   */
  async get(key: string, compute: () => Promise<Computed<V>>, group?: string): Promise<V> {
    const cached = this.#answers.get(key);
    if (cached) return cached.value;
    const running = this.#pending.get(key);
    if (running) return running.promise;
    const state = { group, dropped: false };
    const promise = compute().then((computed) => {
      if (!state.dropped) this.#answers.set(key, { value: computed.value, group }, computed.expiresAt);
      return computed.value;
    });
    const pending: Pending<V> = Object.assign(state, { promise });
    this.#pending.set(key, pending);
    try {
      return await pending.promise;
    } finally {
      if (this.#pending.get(key) === pending) this.#pending.delete(key);
    }
  }

  /** Forgets the answers of one group, stored or under way. */
  drop(group: string): void {
    this.#answers.deleteWhere((entry) => entry.group === group);
    for (const [key, pending] of this.#pending) {
      if (pending.group !== group) continue;
      pending.dropped = true;
      this.#pending.delete(key);
    }
  }

  /** Forgets every answer, stored or under way. */
  clear(): void {
    this.#answers.deleteWhere(() => true);
    for (const pending of this.#pending.values()) pending.dropped = true;
    this.#pending.clear();
  }

  get size(): number {
    return this.#answers.size;
  }
}
