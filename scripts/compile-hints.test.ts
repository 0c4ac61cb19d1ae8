import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { startupChunks } from './compile-hints.ts';

/** A bundle of chunks described by their static and dynamic imports (the rest of each is unused). */
function bundle(
  chunks: Record<string, { entry?: boolean; imports?: string[]; dynamic?: string[] }>,
): Rolldown.OutputBundle {
  const files: Record<string, unknown> = {
    'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
  };
  for (const [fileName, chunk] of Object.entries(chunks)) {
    files[fileName] = {
      type: 'chunk',
      fileName,
      isEntry: chunk.entry ?? false,
      imports: chunk.imports ?? [],
      dynamicImports: chunk.dynamic ?? [],
    };
  }
  return files as Rolldown.OutputBundle;
}

const names = (output: Rolldown.OutputBundle) =>
  startupChunks(output)
    .map((chunk) => chunk.fileName)
    .sort();

describe('startupChunks', () => {
  it('takes the entry, what it imports dynamically and their static imports, not the lazy ones beyond', () => {
    const output = bundle({
      'boot.js': { entry: true, imports: ['shared.js'], dynamic: ['main.js', 'react-dom.js', 'mentor.js'] },
      'main.js': { imports: ['react.js', 'router.js'], dynamic: ['auth-dialog.js', 'dashboard.js'] },
      'react-dom.js': { imports: ['react.js'] },
      'mentor.js': { imports: ['router.js', 'paris-time.js'], dynamic: ['report-dialog.js'] },
      'router.js': { imports: ['react.js'] },
      'react.js': {},
      'shared.js': {},
      'paris-time.js': {},
      'auth-dialog.js': { imports: ['form.js'] },
      'dashboard.js': { imports: ['form.js'] },
      'report-dialog.js': {},
      'form.js': {},
    });
    expect(names(output)).toEqual([
      'boot.js',
      'main.js',
      'mentor.js',
      'paris-time.js',
      'react-dom.js',
      'react.js',
      'router.js',
      'shared.js',
    ]);
  });

  it('gives each chunk once, however many import it, and ignores a name the bundle lacks', () => {
    const output = bundle({
      'boot.js': { entry: true, imports: ['a.js', 'a.js'], dynamic: ['a.js', 'gone.js'] },
      'a.js': { imports: ['boot.js'] },
    });
    expect(startupChunks(output).map((chunk) => chunk.fileName)).toHaveLength(2);
    expect(names(output)).toEqual(['a.js', 'boot.js']);
  });
});
