import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { config } from 'zod/v4/core';
import { validation } from '#shared/messages/common.ts';
import { frenchErrorMap } from '#shared/schemas/zod-error-map.ts';

describe('zod configured by the browser entry without loading zod', () => {
  it('lands in the configuration zod reads: jitless, and the French error map', async () => {
    // Undo what the test setup configured, then run the browser's own setup.
    config({ jitless: false, customError: undefined });
    expect(config().jitless).toBe(false);
    await import('./zod-setup.ts');
    expect(config().jitless).toBe(true);
    expect(config().customError).toBe(frenchErrorMap);
    const result = z.object({ email: z.email() }).safeParse({ email: 'pas-une-adresse' });
    expect(result.error?.issues[0]?.message).toBe(validation.invalidEmail);
  });
});
