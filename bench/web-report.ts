// The pure half of `npm run bench:web` (bench/web.ts): a page's JavaScript closure from Vite's
// manifest, medians of Lighthouse runs, the goals of issue 11 and the audits that keep a category
// under 100. No I/O here, so each rule has a unit test (web-report.test.ts).

/** One entry of dist/web/.vite/manifest.json (only the fields we read). */
export type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/**
 * The files a page loads before it can render: the entry's static import closure, plus for a lazy
 * route its own chunk and that chunk's static imports. `dynamicImports` are left out: they load on
 * demand (another page, a dialog). Each file once, in discovery order.
 */
export function jsClosure(manifest: Manifest, entryKeys: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string, from: string | null) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(
        from === null ? `no "${key}" in the Vite manifest` : `"${from}" imports "${key}", not in the manifest`,
      );
    }
    seen.add(key);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const key of entryKeys) visit(key, null);
  return files;
}

export type Sizes = { raw: number; gzip: number };

/** Sum of raw and gzip bytes over `files`; `sizeOf` reads one file (a missing one must throw). */
export function sumSizes(files: readonly string[], sizeOf: (file: string) => Sizes): Sizes {
  const total: Sizes = { raw: 0, gzip: 0 };
  for (const file of files) {
    const size = sizeOf(file);
    total.raw += size.raw;
    total.gzip += size.gzip;
  }
  return total;
}

/** Median of a non-empty list (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export const METRICS = ['total-blocking-time', 'cumulative-layout-shift', 'largest-contentful-paint'] as const;
export type Metric = (typeof METRICS)[number];

/** What one Lighthouse run gives us: category scores 0–100, metrics (ms, CLS unitless). */
export type RunFigures = { scores: Record<Category, number>; metrics: Record<Metric, number> };

/** Issue 11, section 4: the goal of each figure, `min` for a score, `max` for a metric. */
export const GOALS: { scores: Record<Category, number>; metrics: Record<Metric, number>; landingJsGzipBytes: number } =
  {
    scores: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
    metrics: { 'total-blocking-time': 100, 'cumulative-layout-shift': 0.02, 'largest-contentful-paint': 2500 },
    landingJsGzipBytes: 100 * 1024,
  };

export function medianFigures(runs: readonly RunFigures[]): RunFigures {
  const scores = {} as Record<Category, number>;
  for (const category of CATEGORIES) scores[category] = median(runs.map((run) => run.scores[category]));
  const metrics = {} as Record<Metric, number>;
  for (const metric of METRICS) metrics[metric] = median(runs.map((run) => run.metrics[metric]));
  return { scores, metrics };
}

export type GoalCheck = { name: string; value: number; goal: number; met: boolean; kind: 'min' | 'max' };

/** Every goal of a page's median figures, met or not. */
export function checkGoals(figures: RunFigures): GoalCheck[] {
  const checks: GoalCheck[] = [];
  for (const category of CATEGORIES) {
    const value = figures.scores[category];
    const goal = GOALS.scores[category];
    checks.push({ name: category, value, goal, met: value >= goal, kind: 'min' });
  }
  for (const metric of METRICS) {
    const value = figures.metrics[metric];
    const goal = GOALS.metrics[metric];
    checks.push({ name: metric, value, goal, met: value <= goal, kind: 'max' });
  }
  return checks;
}

/** The subset of a Lighthouse result (LH.Result) that we read. */
export type LighthouseResult = {
  /** Lighthouse's own measure of the host's CPU speed at the start of the run (higher is faster). */
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; group?: string }[] } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        numericValue?: number;
        displayValue?: string;
        details?: unknown;
      }
    | undefined
  >;
};

/** Category scores (0–100, a missing score is 0) and metrics of one run. */
export function runFigures(result: LighthouseResult): RunFigures {
  const scores = {} as Record<Category, number>;
  for (const category of CATEGORIES) scores[category] = Math.round((result.categories[category]?.score ?? 0) * 100);
  const metrics = {} as Record<Metric, number>;
  for (const metric of METRICS) {
    const value = result.audits[metric]?.numericValue;
    if (value === undefined) throw new Error(`the Lighthouse result has no ${metric}`);
    metrics[metric] = value;
  }
  return { scores, metrics };
}

/**
 * Lighthouse's benchmark index of each run, rounded, 0 when a run did not report one. The simulated
 * throttling multiplies the CPU time it observed by a fixed 4: a host twice as fast shows half the
 * blocking time, so figures from different machines or loads compare only with this beside them.
 */
export function benchmarkIndexes(results: readonly LighthouseResult[]): number[] {
  return results.map((result) => Math.round(result.environment?.benchmarkIndex ?? 0));
}

export type FailingAudit = { category: Category; id: string; title: string; runs: number };

/**
 * The audits that cost points in accessibility, best practices and SEO, with how many of the runs
 * failed them. Informative, manual and not-applicable audits have a null score and count for nothing.
 */
export function failingAudits(results: readonly LighthouseResult[]): FailingAudit[] {
  const found = new Map<string, FailingAudit>();
  for (const result of results) {
    for (const category of CATEGORIES) {
      if (category === 'performance') continue;
      for (const ref of result.categories[category]?.auditRefs ?? []) {
        const audit = result.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        const key = `${category}/${ref.id}`;
        const entry = found.get(key) ?? { category, id: ref.id, title: audit.title, runs: 0 };
        entry.runs += 1;
        found.set(key, entry);
      }
    }
  }
  return [...found.values()];
}

export type Opportunity = { id: string; title: string; displayValue: string; score: number };

/** Performance audits (not the metrics themselves) scoring under 0.9 in one run, worst first. */
export function performanceOpportunities(result: LighthouseResult): Opportunity[] {
  const opportunities: Opportunity[] = [];
  for (const ref of result.categories.performance?.auditRefs ?? []) {
    if (ref.group === 'metrics') continue;
    const audit = result.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    opportunities.push({
      id: audit.id,
      title: audit.title,
      displayValue: audit.displayValue ?? '',
      score: audit.score,
    });
  }
  return opportunities.sort((a, b) => a.score - b.score);
}

const KIB = 1024;
export function formatKib(bytes: number): string {
  return `${(bytes / KIB).toFixed(1)} KiB`;
}

export function formatValue(name: string, value: number): string {
  if (name === 'cumulative-layout-shift') return value.toFixed(3);
  if (name === 'total-blocking-time') return `${Math.round(value)} ms`;
  if (name === 'largest-contentful-paint') return `${(value / 1000).toFixed(2)} s`;
  return String(Math.round(value));
}
