import { describe, expect, it } from 'vitest';
import { afterEvaluation } from './after-evaluation.ts';

describe('afterEvaluation', () => {
  it('runs once the synchronous code that called it is done, before the next task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('next task'), 0);
    afterEvaluation(() => order.push('run'));
    order.push('rest of the module');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['rest of the module', 'run', 'next task']);
  });
});
