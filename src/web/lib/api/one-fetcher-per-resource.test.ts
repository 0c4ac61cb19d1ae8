import { describe, expect, it } from 'vitest';

// Every fetcher of the web app, as source text (features/<x>/api/*.ts and lib/api/*.ts).
const sources = import.meta.glob<string>(['../../features/*/api/*.ts', './*.ts', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The GET paths a file reads, with `${…}` parameters written `{}`. */
function getPaths(source: string): string[] {
  return [...source.matchAll(/api\.get(?:<[^>]*>)?\(\s*[`'"]([^`'"]+)[`'"]/g)].map((match) =>
    (match[1] ?? '').replace(/\$\{[^}]+\}/g, '{}'),
  );
}

describe('one query per resource', () => {
  it('finds the fetchers', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it('reads every GET endpoint from exactly one file', () => {
    const readers = new Map<string, string[]>();
    for (const [file, source] of Object.entries(sources)) {
      for (const path of getPaths(source)) readers.set(path, [...(readers.get(path) ?? []), file]);
    }
    expect(readers.get('/offers/{}/private')).toHaveLength(1);
    const duplicated = [...readers].filter(([, files]) => new Set(files).size > 1);
    expect(duplicated).toEqual([]);
  });

  it('builds every query key with the factory of lib/query-keys.ts', () => {
    const handWritten = Object.entries(sources).filter(([, source]) => /queryKey:\s*\[/.test(source));
    expect(handWritten.map(([file]) => file)).toEqual([]);
  });
});
