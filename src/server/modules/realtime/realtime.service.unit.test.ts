import { describe, expect, it } from 'vitest';
import { allowedSocketOrigins } from './realtime.service.ts';

describe('allowedSocketOrigins', () => {
  it("is PUBLIC_URL's origin alone in production and in tests", () => {
    for (const env of ['production', 'test'] as const) {
      expect([...allowedSocketOrigins({ env, publicUrl: 'https://appui.fr/base' })]).toEqual(['https://appui.fr']);
      expect([...allowedSocketOrigins({ env, publicUrl: 'http://localhost:5173' })]).toEqual(['http://localhost:5173']);
    }
  });

  it('accepts the loopback spellings of a loopback PUBLIC_URL in development (npm run dev)', () => {
    expect([...allowedSocketOrigins({ env: 'development', publicUrl: 'http://localhost:5173' })].sort()).toEqual([
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
      'http://localhost:5173',
    ]);
    expect([...allowedSocketOrigins({ env: 'development', publicUrl: 'https://appui.fr' })]).toEqual([
      'https://appui.fr',
    ]);
  });
});
