import { afterAll, describe, expect, it } from 'vitest';
import {
  EXCLUDED_OPERATIONS,
  FUZZ_GROUPS,
  fuzzOperation,
  fuzzSettings,
  startFuzz,
  type FuzzGroup,
} from './fuzz-harness.ts';

/**
 * The fuzz tests of one group of tags (one file per group, so the groups run in parallel workers):
 * one test per operation of the OpenAPI document carrying one of the group's tags.
 */
export async function defineFuzzSuite(group: FuzzGroup): Promise<void> {
  const context = await startFuzz();
  const { seed, runs, only } = fuzzSettings();
  const tags: readonly string[] = FUZZ_GROUPS[group];
  const mine = context.operations.filter(
    (operation) =>
      operation.tags.some((tag) => tags.includes(tag)) &&
      !EXCLUDED_OPERATIONS[operation.key] &&
      (only === undefined || operation.key === only),
  );
  const started = Date.now();
  let requests = 0;
  const statuses = new Map<number, number>();
  process.stdout.write(`fuzz ${group}: FUZZ_SEED=${seed}, ${runs} requests per operation\n`);

  afterAll(async () => {
    process.stdout.write(
      `fuzz ${group}: ${mine.length} operations × ${runs} = ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; answers ${[
        ...statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}\n`,
    );
    await context.t.close();
  });

  describe(`fuzz (${group}): no 5xx, French {detail, code} errors, no stack or SQL`, () => {
    if (group === 'accounts') {
      it('covers every operation of the document: each tag in a group, or the operation excluded with a reason', () => {
        const grouped = new Set<string>(Object.values(FUZZ_GROUPS).flat());
        const orphans = context.operations
          .filter((operation) => !EXCLUDED_OPERATIONS[operation.key] && !operation.tags.some((tag) => grouped.has(tag)))
          .map((operation) => `${operation.key} (tags: ${operation.tags.join(', ') || 'none'})`);
        expect(orphans).toEqual([]);
        expect(context.operations.length).toBeGreaterThan(0);
      });
    }
    for (const operation of mine) {
      it(operation.key, async () => {
        const sent = await fuzzOperation(context, operation, seed, runs, statuses);
        requests += sent;
        expect(sent).toBeGreaterThanOrEqual(runs);
      });
    }
  });
}
