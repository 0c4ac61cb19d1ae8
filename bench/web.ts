// `npm run bench:web` (issue 11, section 4): builds the web app, starts the real server as a child
// process on a free port with a temporary DATA_DIR and the demo data, then for each public page
//   1. the gzip (level 9) and raw size of its JavaScript closure read from Vite's manifest (the
//      entry's and the app's static imports, plus the lazy route's chunk and its static imports), of
//      the part of it that runs before the first paint (the entry's), and of the scripts the page
//      actually requested during the first Lighthouse run;
//   2. Lighthouse (mobile preset: Lighthouse's defaults, simulated throttling) BENCH_WEB_RUNS times on
//      Debian's Chromium, and the median of each category score and of TBT, CLS and LCP against the
//      goals, with the audits that keep accessibility, best practices and SEO under 100.
// Ids come from the API: a visible paid offer of the demo data for /book/{id}, its helper for /mentors/{id}.
// A measurement: exits 0 when goals are not met, non-zero when a build, the server or a run fails.
//
//   BENCH_WEB_RUNS=3                          Lighthouse runs per page
//   BENCH_WEB_PAGES=landing,explore,booking,profile   subset of pages
//   BENCH_WEB_JSON=path                       also write the summary as JSON there
//   BENCH_WEB_REPORTS=dir                     also write each run's full Lighthouse result there (JSON)
//   CHROMIUM_PATH=/usr/bin/chromium
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { resolveConfig } from 'vite';
import { startServerProcess, type ServerProcess } from '#tests/harness/server-process.ts';
import {
  CATEGORIES,
  GOALS,
  benchmarkIndexes,
  checkGoals,
  failingAudits,
  formatKib,
  formatValue,
  jsClosure,
  median,
  medianFigures,
  performanceOpportunities,
  runFigures,
  sumSizes,
  type FailingAudit,
  type GoalCheck,
  type LighthouseResult,
  type Manifest,
  type Opportunity,
  type RunFigures,
  type Sizes,
} from './web-report.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { positiveInteger } from './env.ts';
import { SSR_STATE_ELEMENT_ID } from '#shared/constants.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIR = path.join(ROOT, 'dist/web');
const MANIFEST_PATH = path.join(WEB_DIR, '.vite/manifest.json');
const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

type Ids = { offerId: string; helperId: string };
type PageSpec = {
  name: string;
  path: (ids: Ids) => string;
  /** Manifest keys of what the page needs on top of the entry (its lazy route chunk). */
  routeChunks: string[];
};

const PAGES: PageSpec[] = [
  { name: 'landing', path: () => '/', routeChunks: [] },
  { name: 'explore', path: () => '/recherche', routeChunks: ['app/routes/explore.tsx'] },
  { name: 'booking', path: (ids) => `/book/${ids.offerId}`, routeChunks: ['app/routes/book.tsx'] },
  { name: 'profile', path: (ids) => `/mentors/${ids.helperId}`, routeChunks: ['app/routes/mentor.tsx'] },
];
/** The page's entry (src/web/boot.ts): the stylesheets and what runs before the first paint. */
const ENTRY_KEY = 'index.html';
/** The app (src/web/main.tsx), which the entry imports right after a server-rendered page's first paint. */
const APP_KEY = 'main.tsx';

function selectedPages(): PageSpec[] {
  const wanted = (process.env.BENCH_WEB_PAGES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = wanted.filter((name) => !PAGES.some((page) => page.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown page(s) in BENCH_WEB_PAGES: ${unknown.join(', ')}. Available: ${PAGES.map((p) => p.name).join(', ')}.`,
    );
  }
  return PAGES.filter((page) => wanted.length === 0 || wanted.includes(page.name));
}

function load(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`;
  }
}

function gzipSizes(body: Buffer): Sizes {
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

function runVite(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    const child = spawn(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/**
 * The same build as `npm run build`, plus dist/web/.vite/manifest.json (`--manifest`). Both halves:
 * without dist/ssr the server would send the public pages unrendered and the bench would measure
 * client rendering instead of what `npm start` serves.
 */
async function buildWeb(): Promise<void> {
  await runVite(['build', '--manifest']);
  await runVite(['build', '--ssr']);
}

/** Fails the bench when the server sent a page without its rendering (no dist/ssr, a broken renderer). */
async function assertServerRendered(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  if (!html.includes(`id="${SSR_STATE_ELEMENT_ID}"`)) throw new Error(`${url} was not rendered by the server`);
}

/** A visible paid offer of the demo data and its helper. */
async function findIds(baseUrl: string): Promise<Ids> {
  const response = await fetch(`${baseUrl}/api/v1/offers/?limit=100`);
  if (!response.ok) throw new Error(`GET /api/v1/offers/ answered ${response.status}`);
  const offers = (await response.json()) as { id: string; helper_id: string; visible: boolean; price_cents: number }[];
  const offer = offers.find((candidate) => candidate.visible && candidate.price_cents > 0);
  if (!offer) throw new Error('the demo data has no visible paid offer');
  return { offerId: offer.id, helperId: offer.helper_id };
}

type NetworkItem = { url: string; resourceType?: string };

/** The same-origin scripts one Lighthouse run saw, sized from their bodies (the server may compress on the wire). */
async function loadedScripts(result: LighthouseResult, baseUrl: string) {
  const details = result.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const urls = [
    ...new Set(
      (details?.items ?? [])
        .filter((item) => item.resourceType === 'Script' && item.url.startsWith(baseUrl))
        .map((item) => item.url),
    ),
  ];
  const bodies = new Map<string, Sizes>();
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    bodies.set(url, gzipSizes(Buffer.from(await response.arrayBuffer())));
  }
  return { files: urls.length, ...sumSizes(urls, (url) => bodies.get(url)!) };
}

/** Lighthouse's failures of its own trace recording, which a second attempt gets past. */
const RETRIED_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

/** One Lighthouse run; a run whose trace recording failed (RETRIED_RUNTIME_ERRORS) is made again, once. */
async function lighthouseRun(url: string, reportPath: string | null, retried = false): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: LIGHTHOUSE_CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const runtimeError = result.lhr.runtimeError;
    if (runtimeError && !retried && RETRIED_RUNTIME_ERRORS.has(runtimeError.code)) {
      console.log(`Lighthouse: ${runtimeError.code} on ${url}, run made again`);
      chrome.kill();
      return await lighthouseRun(url, reportPath, true);
    }
    if (result.lhr.runtimeError)
      throw new Error(
        `Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
      );
    if (reportPath) writeFileSync(reportPath, JSON.stringify(result.lhr));
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

type PageSummary = {
  page: string;
  path: string;
  closure: Sizes & { files: number };
  beforePaint: Sizes & { files: number };
  loaded: Sizes & { files: number };
  runs: RunFigures[];
  /** Lighthouse's CPU benchmark index of each run (benchmarkIndexes). */
  benchmarkIndexes: number[];
  median: RunFigures;
  goals: GoalCheck[];
  failingAudits: FailingAudit[];
  opportunities: Opportunity[];
};

function printPage(summary: PageSummary, runCount: number): void {
  console.log(`\n== ${summary.page} (${summary.path}) ==`);
  const landingGoal = summary.page === 'landing' ? GOALS.landingJsGzipBytes : null;
  const closureMet =
    landingGoal === null
      ? ''
      : summary.closure.gzip <= landingGoal
        ? '  goal <= 100 KiB: met'
        : '  goal <= 100 KiB: NOT MET';
  console.log(
    `JS closure (manifest): ${summary.closure.files} files, ${formatKib(summary.closure.gzip)} gzip, ${formatKib(summary.closure.raw)} raw${closureMet}`,
  );
  console.log(
    `  of which before the first paint (entry): ${summary.beforePaint.files} files, ${formatKib(summary.beforePaint.gzip)} gzip, ${formatKib(summary.beforePaint.raw)} raw`,
  );
  console.log(
    `JS requested on load:  ${summary.loaded.files} files, ${formatKib(summary.loaded.gzip)} gzip, ${formatKib(summary.loaded.raw)} raw`,
  );
  console.log(`Lighthouse, median of ${runCount} run(s):`);
  for (const check of summary.goals) {
    const runs = summary.runs
      .map((run) =>
        formatValue(
          check.name,
          check.name in run.scores
            ? run.scores[check.name as keyof RunFigures['scores']]
            : run.metrics[check.name as keyof RunFigures['metrics']],
        ),
      )
      .join(' / ');
    const goal = `${check.kind === 'min' ? '>=' : '<='} ${formatValue(check.name, check.goal)}`;
    console.log(
      `  ${check.name.padEnd(26)} ${formatValue(check.name, check.value).padStart(8)}  goal ${goal.padEnd(10)} ${check.met ? 'met' : 'NOT MET'}   runs: ${runs}`,
    );
  }
  console.log(
    `  host CPU benchmark index (Lighthouse's; higher is faster)   runs: ${summary.benchmarkIndexes.join(' / ')}`,
  );
  if (summary.failingAudits.length > 0) {
    console.log('Failing audits:');
    for (const audit of summary.failingAudits) {
      console.log(`  [${audit.category}] ${audit.id}: ${audit.title} (${audit.runs}/${runCount} runs)`);
    }
  }
  if (summary.opportunities.length > 0) {
    console.log('Performance audits under 0.9 (median run):');
    for (const item of summary.opportunities) {
      console.log(`  ${item.id}: ${item.title}${item.displayValue ? ` (${item.displayValue})` : ''}`);
    }
  }
}

async function main(): Promise<number> {
  const runCount = positiveInteger('BENCH_WEB_RUNS', 3);
  const pages = selectedPages();
  const reportsDir = process.env.BENCH_WEB_REPORTS || null;
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const loadAtStart = load();
  console.log(`Load at start: ${loadAtStart}`);

  await buildWeb();
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
  // Unless vite.config.ts asks for the manifest itself, remove it: the server would publish it under
  // /.vite/, and dist/web stays what `npm run build` makes (`npm start` does not rebuild a fresh one).
  const viteConfig = await resolveConfig(
    { configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'silent' },
    'build',
  );
  if (!viteConfig.build.manifest) rmSync(path.dirname(MANIFEST_PATH), { recursive: true, force: true });
  const fileSize = (file: string) => gzipSizes(readFileSync(path.join(WEB_DIR, file)));

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'appui-bench-web-'));
  let server: ServerProcess | undefined;
  const cleanUp = async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    server = await startServerProcess({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    });
    const ids = await findIds(server.url);
    console.log(`Server ${server.url}, offer ${ids.offerId}, helper ${ids.helperId}`);

    const summaries: PageSummary[] = [];
    for (const page of pages) {
      const pagePath = page.path(ids);
      // What the page needs to be interactive (the goal is on this), and of it what runs before its first paint.
      const closureFiles = jsClosure(manifest, [ENTRY_KEY, APP_KEY, ...page.routeChunks]);
      const closure = { files: closureFiles.length, ...sumSizes(closureFiles, fileSize) };
      const entryFiles = jsClosure(manifest, [ENTRY_KEY]);
      const beforePaint = { files: entryFiles.length, ...sumSizes(entryFiles, fileSize) };
      await assertServerRendered(`${server.url}${pagePath}`);
      const results = [];
      for (let run = 1; run <= runCount; run += 1) {
        process.stdout.write(`Lighthouse ${page.name} run ${run}/${runCount}...\n`);
        const reportPath = reportsDir ? path.join(reportsDir, `${page.name}-${run}.json`) : null;
        results.push(await lighthouseRun(`${server.url}${pagePath}`, reportPath));
      }
      const runs = results.map(runFigures);
      const medianRuns = medianFigures(runs);
      // The run whose performance score is the median one, for its list of opportunities.
      const medianPerformance = median(runs.map((run) => run.scores.performance));
      const medianRun = results[runs.findIndex((run) => run.scores.performance === medianPerformance)] ?? results[0]!;
      const summary: PageSummary = {
        page: page.name,
        path: pagePath,
        closure,
        beforePaint,
        loaded: await loadedScripts(results[0]!, server.url),
        runs,
        benchmarkIndexes: benchmarkIndexes(results),
        median: medianRuns,
        goals: checkGoals(medianRuns),
        failingAudits: failingAudits(results),
        opportunities: performanceOpportunities(medianRun),
      };
      summaries.push(summary);
      printPage(summary, runCount);
    }

    const loadAtEnd = load();
    console.log(`\nLoad at end: ${loadAtEnd}`);
    const jsonPath = process.env.BENCH_WEB_JSON;
    if (jsonPath) {
      writeFileSync(
        jsonPath,
        JSON.stringify(
          { date: new Date().toISOString(), loadAtStart, loadAtEnd, runs: runCount, goals: GOALS, pages: summaries },
          null,
          2,
        ),
      );
      console.log(`Summary written to ${jsonPath}`);
    }
    return 0;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
