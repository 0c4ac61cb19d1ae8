import { describe, expect, it } from 'vitest';
import { SharedAnswers } from './shared-answers.ts';

/** A computation the test finishes by hand, counting how often it ran. */
function manual() {
  let runs = 0;
  let finish!: (value: string) => void;
  const compute = () => {
    runs += 1;
    return new Promise<{ value: string }>((resolve) => (finish = (value) => resolve({ value })));
  };
  return { compute, finish: (value: string) => finish(value), runs: () => runs };
}

describe('SharedAnswers', () => {
  it('runs one computation for concurrent requests of a key, then answers from the cache', async () => {
    const answers = new SharedAnswers<string>(60_000, 10);
    const job = manual();
    const first = answers.get('k', job.compute, 'helper-1');
    const second = answers.get('k', job.compute, 'helper-1');
    job.finish('windows');
    expect(await Promise.all([first, second])).toEqual(['windows', 'windows']);
    expect(await answers.get('k', job.compute, 'helper-1')).toBe('windows');
    expect(job.runs()).toBe(1);
  });

  it('drops one group’s answers and leaves the others', async () => {
    const answers = new SharedAnswers<string>(60_000, 10);
    await answers.get('a', async () => ({ value: 'a1' }), 'helper-1');
    await answers.get('b', async () => ({ value: 'b1' }), 'helper-2');
    answers.drop('helper-1');
    expect(await answers.get('a', async () => ({ value: 'a2' }), 'helper-1')).toBe('a2');
    expect(await answers.get('b', async () => ({ value: 'b2' }), 'helper-2')).toBe('b1');
    answers.clear();
    expect(await answers.get('b', async () => ({ value: 'b3' }), 'helper-2')).toBe('b3');
  });

  it('does not keep, nor share after the drop, an answer computed while its group was dropped', async () => {
    const answers = new SharedAnswers<string>(60_000, 10);
    const job = manual();
    const before = answers.get('k', job.compute, 'helper-1');
    answers.drop('helper-1');
    const after = answers.get('k', async () => ({ value: 'fresh' }), 'helper-1');
    job.finish('stale');
    expect(await before).toBe('stale');
    expect(await after).toBe('fresh');
    expect(await answers.get('k', async () => ({ value: 'again' }), 'helper-1')).toBe('fresh');
  });

  it('ends an answer at the expiry its computation gives', async () => {
    let now = 1_000;
    const answers = new SharedAnswers<string>(60_000, 10, () => now);
    await answers.get('k', async () => ({ value: 'held', expiresAt: 1_500 }));
    now = 1_499;
    expect(await answers.get('k', async () => ({ value: 'later' }))).toBe('held');
    now = 1_500;
    expect(await answers.get('k', async () => ({ value: 'later' }))).toBe('later');
  });
});
