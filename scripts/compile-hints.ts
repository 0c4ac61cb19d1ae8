// V8's explicit compile hint for the JavaScript a page runs as it starts (used by vite.config.ts).
//
// V8 compiles a function only when it is first called, on the main thread, after having skimmed it
// once to find its end. For the code that runs as the app starts (React DOM, the router, the page)
// that is work done twice and at the worst moment: in traces of the profile page (Chromium, no
// throttling), parsing and compiling functions on first call took about 160 ms of the main thread's
// work after the first paint. A file that starts with this comment is compiled whole, on a
// background thread while it downloads (Chrome 136 and later; other browsers read a comment).
// The plugin adds it after Vite's own generateBundle, so that it comes before Vite's dependency map.
import type { Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks a page needs to start: the entry (boot.ts), what it imports dynamically as it starts
 * (the app, React DOM and each server-rendered page, src/web/app/public-pages.ts) and everything those
 * import statically. Lazy dialogs and the other pages are dynamic imports of these: left out.
 */
export function startupChunks(bundle: OutputBundle): OutputChunk[] {
  const chunks = new Map<string, OutputChunk>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const pending = [...chunks.values()]
    .filter((chunk) => chunk.isEntry)
    .flatMap((c) => [c.fileName, ...c.dynamicImports]);
  const found = new Map<string, OutputChunk>();
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const chunk = chunks.get(name);
    if (!chunk || found.has(name)) continue;
    found.set(name, chunk);
    pending.push(...chunk.imports);
  }
  return [...found.values()];
}
