import { describe, expect, it } from 'vitest';
import {
  benchmarkIndexes,
  checkGoals,
  failingAudits,
  jsClosure,
  median,
  medianFigures,
  performanceOpportunities,
  runFigures,
  sumSizes,
  type LighthouseResult,
  type Manifest,
  type RunFigures,
} from './web-report.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    imports: ['_react.js', '_shared.js'],
    dynamicImports: ['app/routes/book.tsx', 'dialog.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'app/routes/book.tsx': { file: 'assets/book.js', imports: ['index.html', '_shared.js', '_dates.js'] },
  '_dates.js': { file: 'assets/dates.js', imports: ['_react.js'] },
  'dialog.tsx': { file: 'assets/dialog.js' },
};

describe('jsClosure', () => {
  it('follows static imports of the entry, each file once, and leaves dynamic imports out', () => {
    expect(jsClosure(manifest, ['index.html'])).toEqual(['assets/index.js', 'assets/react.js', 'assets/shared.js']);
  });

  it("adds a lazy route's chunk and its own static imports, not twice what the entry already has", () => {
    expect(jsClosure(manifest, ['index.html', 'app/routes/book.tsx'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
      'assets/book.js',
      'assets/dates.js',
    ]);
  });

  it('fails on a key the manifest does not have (a renamed route must not be measured as nothing)', () => {
    expect(() => jsClosure(manifest, ['index.html', 'app/routes/gone.tsx'])).toThrow(/app\/routes\/gone\.tsx/);
    const broken: Manifest = { 'index.html': { file: 'a.js', imports: ['_missing.js'] } };
    expect(() => jsClosure(broken, ['index.html'])).toThrow(/_missing\.js/);
  });
});

describe('sumSizes', () => {
  it('adds raw and gzip bytes of every file', () => {
    const sizes: Record<string, { raw: number; gzip: number }> = {
      a: { raw: 100, gzip: 40 },
      b: { raw: 50, gzip: 20 },
    };
    expect(sumSizes(['a', 'b'], (file) => sizes[file]!)).toEqual({ raw: 150, gzip: 60 });
    expect(sumSizes([], () => ({ raw: 1, gzip: 1 }))).toEqual({ raw: 0, gzip: 0 });
  });
});

describe('median', () => {
  it('takes the middle value of an odd count whatever the order', () => {
    expect(median([90, 40, 70])).toBe(70);
    expect(median([5])).toBe(5);
  });

  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow();
  });
});

function figures(performance: number, tbt: number, cls: number, lcp: number, others = 100): RunFigures {
  return {
    scores: { performance, accessibility: others, 'best-practices': others, seo: others },
    metrics: { 'total-blocking-time': tbt, 'cumulative-layout-shift': cls, 'largest-contentful-paint': lcp },
  };
}

describe('medianFigures and checkGoals', () => {
  it('takes the median of each figure separately', () => {
    const result = medianFigures([figures(50, 300, 0.1, 4000), figures(96, 20, 0, 1500), figures(80, 90, 0.01, 2600)]);
    expect(result).toEqual(figures(80, 90, 0.01, 2600));
  });

  it('marks each goal met or not, scores as minimums and metrics as maximums, bounds included', () => {
    const checks = checkGoals(figures(95, 100, 0.02, 2500));
    expect(checks.every((check) => check.met)).toBe(true);
    const failing = checkGoals(figures(94, 101, 0.021, 2501, 99));
    expect(failing.filter((check) => check.met)).toEqual([]);
    expect(failing.map((check) => check.name)).toEqual([
      'performance',
      'accessibility',
      'best-practices',
      'seo',
      'total-blocking-time',
      'cumulative-layout-shift',
      'largest-contentful-paint',
    ]);
  });
});

function result(overrides: {
  scores?: Partial<Record<string, number | null>>;
  audits?: LighthouseResult['audits'];
  refs?: Record<string, { id: string; group?: string }[]>;
}): LighthouseResult {
  const scores = { performance: 0.52, accessibility: 1, 'best-practices': 0.96, seo: 1, ...overrides.scores };
  const categories: LighthouseResult['categories'] = {};
  for (const [name, score] of Object.entries(scores)) {
    categories[name] = { score: score ?? null, auditRefs: overrides.refs?.[name] ?? [] };
  }
  return {
    categories,
    audits: {
      'total-blocking-time': {
        id: 'total-blocking-time',
        title: 'TBT',
        score: 0.2,
        scoreDisplayMode: 'numeric',
        numericValue: 485,
      },
      'cumulative-layout-shift': {
        id: 'cumulative-layout-shift',
        title: 'CLS',
        score: 1,
        scoreDisplayMode: 'numeric',
        numericValue: 0.024,
      },
      'largest-contentful-paint': {
        id: 'largest-contentful-paint',
        title: 'LCP',
        score: 0,
        scoreDisplayMode: 'numeric',
        numericValue: 5780,
      },
      ...overrides.audits,
    },
  };
}

describe('runFigures', () => {
  it('turns category scores into 0–100 and reads the three metrics', () => {
    expect(runFigures(result({}))).toEqual({
      scores: { performance: 52, accessibility: 100, 'best-practices': 96, seo: 100 },
      metrics: { 'total-blocking-time': 485, 'cumulative-layout-shift': 0.024, 'largest-contentful-paint': 5780 },
    });
  });

  it('counts a category Lighthouse could not score as 0, and fails without a metric', () => {
    expect(runFigures(result({ scores: { seo: null } })).scores.seo).toBe(0);
    const noLcp = result({});
    delete noLcp.audits['largest-contentful-paint'];
    expect(() => runFigures(noLcp)).toThrow(/largest-contentful-paint/);
  });
});

describe('benchmarkIndexes', () => {
  it("reads each run's host benchmark index, rounded, and 0 for a run without one", () => {
    const fast = { ...result({}), environment: { benchmarkIndex: 2411.6 } };
    const slow = { ...result({}), environment: { benchmarkIndex: 905.2 } };
    expect(benchmarkIndexes([fast, slow, result({})])).toEqual([2412, 905, 0]);
  });
});

describe('failingAudits', () => {
  const audit = (id: string, score: number | null, scoreDisplayMode = 'binary') => ({
    id,
    title: `title of ${id}`,
    score,
    scoreDisplayMode,
  });
  const refs = {
    accessibility: [{ id: 'color-contrast' }, { id: 'image-alt' }, { id: 'manual-check' }],
    'best-practices': [{ id: 'inspector-issues' }],
    performance: [{ id: 'unused-javascript' }],
  };

  it('lists failed audits of accessibility, best practices and SEO with the number of runs that failed them', () => {
    const first = result({
      refs,
      audits: {
        'color-contrast': audit('color-contrast', 0),
        'image-alt': audit('image-alt', 1),
        'manual-check': audit('manual-check', null, 'manual'),
        'inspector-issues': audit('inspector-issues', 0),
        'unused-javascript': audit('unused-javascript', 0, 'metricSavings'),
      },
    });
    const second = result({
      refs,
      audits: {
        'color-contrast': audit('color-contrast', 1),
        'image-alt': audit('image-alt', 1),
        'manual-check': audit('manual-check', null, 'manual'),
        'inspector-issues': audit('inspector-issues', 0),
        'unused-javascript': audit('unused-javascript', 0, 'metricSavings'),
      },
    });
    expect(failingAudits([first, second])).toEqual([
      { category: 'accessibility', id: 'color-contrast', title: 'title of color-contrast', runs: 1 },
      { category: 'best-practices', id: 'inspector-issues', title: 'title of inspector-issues', runs: 2 },
    ]);
  });
});

describe('performanceOpportunities', () => {
  it('lists performance audits under 0.9, worst first, without the metrics and informative audits', () => {
    const run = result({
      refs: {
        performance: [
          { id: 'total-blocking-time', group: 'metrics' },
          { id: 'unused-javascript' },
          { id: 'uses-text-compression' },
          { id: 'diagnostics' },
          { id: 'fine' },
        ],
      },
      audits: {
        'unused-javascript': {
          id: 'unused-javascript',
          title: 'Unused JS',
          score: 0.5,
          scoreDisplayMode: 'metricSavings',
          displayValue: '323 KiB',
        },
        'uses-text-compression': {
          id: 'uses-text-compression',
          title: 'Compression',
          score: 0,
          scoreDisplayMode: 'metricSavings',
        },
        diagnostics: { id: 'diagnostics', title: 'Diagnostics', score: 0, scoreDisplayMode: 'informative' },
        fine: { id: 'fine', title: 'Fine', score: 0.95, scoreDisplayMode: 'metricSavings' },
      },
    });
    expect(performanceOpportunities(run)).toEqual([
      { id: 'uses-text-compression', title: 'Compression', displayValue: '', score: 0 },
      { id: 'unused-javascript', title: 'Unused JS', displayValue: '323 KiB', score: 0.5 },
    ]);
  });
});
