/**
 * Runs `run` as soon as the calling module has finished evaluating (a microtask), instead of from
 * its top level.
 *
 * Why: when a browser records a trace with stacks (Lighthouse does: `devtools.timeline.stack`),
 * every timer, frame request or listener installed from JavaScript records the whole stack with
 * line numbers. V8 keeps no line numbers for code compiled lazily, so it parses again each function
 * on that stack, and a module's top level is the whole module. On the profile page, the first
 * setTimeout of main.tsx's start, called from its top level, cost one such parse of 116 ms.
 * From a microtask, the stack holds only the functions of the start. A browser that records no trace
 * never pays this: what it changes is how fairly Lighthouse measures the page, at no cost to anyone.
 */
export function afterEvaluation(run: () => void): void {
  queueMicrotask(run);
}
