// Lighthouse on Class Registration (/classes/enrollment), a visitor's first page, with its mobile preset
// (a mid-range phone on a slow 4G line: 4× CPU slowdown, simulated throttling) and its desktop preset, against
// the local stack. Each preset runs BENCH_LIGHTHOUSE_RUNS times (default 3); the report gives the median of
// each figure, the range, and what is behind a figure that misses its target: the accessibility audits that
// fail, the elements that shifted, and the scripts that kept the main thread busy. BENCH_LIGHTHOUSE_REPORTS=<dir>
// also writes each preset's last report there (lighthouse-mobile.json, lighthouse-desktop.json), for the viewer.
// BENCH_LIGHTHOUSE_LANGUAGE=es-MX runs it as a browser that reads Spanish (the page loads the start's Spanish too).
// Targets: accessibility 100, mobile performance 95 or more, cumulative layout shift under 0.05, total
// blocking time under 200 ms.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type Browser, chromium } from 'playwright-core';
import { freePort } from '../../infra/local/ports';
import { CHROMIUM, openPortal } from '../support/browser';
import { portalUrl } from '../support/portal';
import { percentile, table } from './stats';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PATH = '/classes/enrollment';
/** The browser's language: the page is shown in it, so a Spanish reader's start is measured with its words. */
const LANGUAGE = process.env.BENCH_LIGHTHOUSE_LANGUAGE ?? 'en-US';

interface Figures {
  performance: number;
  accessibility: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
}

export interface LighthouseRun {
  preset: 'mobile' | 'desktop';
  runs: Figures[];
  /** From the last run: why a figure misses its target. */
  notes: string[];
}

const score = (result: Result, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);
const numeric = (result: Result, audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;

/** Item rows of an audit's details table, as Lighthouse writes them. */
function items(result: Result, audit: string): Array<Record<string, unknown>> {
  const details = result.audits[audit]?.details as { items?: Array<Record<string, unknown>> } | undefined;
  return details?.items ?? [];
}

function notesOf(result: Result): string[] {
  const failing = Object.values(result.categories.accessibility?.auditRefs ?? [])
    .map((ref) => result.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `accessibility: ${audit!.id} (${audit!.title})`);
  const shifts = items(result, 'layout-shifts').map((item) => {
    const node = item.node as { nodeLabel?: string; selector?: string } | undefined;
    return `layout shift ${Number(item.score).toFixed(3)}: ${node?.selector ?? ''} ${node?.nodeLabel ?? ''}`.trim();
  });
  const busy = items(result, 'bootup-time')
    .slice(0, 4)
    .map(
      (item) =>
        `main thread: ${String(item.url)} ${Number(item.total).toFixed(0)} ms (script ${Number(item.scripting).toFixed(0)} ms)`,
    );
  const longTasks = items(result, 'long-tasks')
    .slice(0, 4)
    .map(
      (item) =>
        `long task ${Number(item.duration).toFixed(0)} ms at ${Number(item.startTime).toFixed(0)} ms: ${String(item.url)}`,
    );
  return [...failing, ...shifts, ...busy, ...longTasks];
}

/** The preset's window, for the browser's own account of what shifted (Lighthouse's fails on Debian's Chromium). */
const WINDOWS = { mobile: { width: 412, height: 823 }, desktop: { width: 1350, height: 940 } };

/** What moved while the page loaded, as the browser's layout-shift entries name it: the shift and its elements. */
async function shiftsSeen(browser: Browser, preset: keyof typeof WINDOWS): Promise<string[]> {
  const { page, context } = await openPortal(browser, WINDOWS[preset]);
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { shiftsSeen: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }
      >) {
        const nodes = (entry.sources ?? []).map(({ node }) => {
          const element = node instanceof Element ? node : node?.parentElement;
          return element
            ? `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')} "${(element.textContent ?? '').slice(0, 40)}"`
            : 'a node';
        });
        seen.push(`layout shift ${entry.value.toFixed(3)} at ${entry.startTime.toFixed(0)} ms: ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(PATH, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const seen = await page.evaluate(() => (window as unknown as { shiftsSeen: string[] }).shiftsSeen);
  await context.close();
  return seen;
}

export async function lighthouseRuns(): Promise<LighthouseRun[]> {
  const port = await freePort();
  // Lighthouse drives the browser over its debugging port; Playwright only starts Debian's Chromium.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      `--lang=${LANGUAGE}`,
      `--accept-lang=${LANGUAGE}`,
    ],
  });
  try {
    const presets: LighthouseRun[] = [];
    for (const preset of ['mobile', 'desktop'] as const) {
      const runs: Figures[] = [];
      let last: Result | undefined;
      for (let run = 0; run < RUNS; run += 1) {
        const flags: Flags = {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        };
        const answer = await lighthouse(
          new URL(PATH, portalUrl()).href,
          flags,
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!answer) throw new Error('Lighthouse gave no result');
        last = answer.lhr;
        runs.push({
          performance: score(last, 'performance'),
          accessibility: score(last, 'accessibility'),
          cls: numeric(last, 'cumulative-layout-shift'),
          tbtMs: numeric(last, 'total-blocking-time'),
          lcpMs: numeric(last, 'largest-contentful-paint'),
          fcpMs: numeric(last, 'first-contentful-paint'),
        });
      }
      if (last && process.env.BENCH_LIGHTHOUSE_REPORTS)
        writeFileSync(join(process.env.BENCH_LIGHTHOUSE_REPORTS, `lighthouse-${preset}.json`), JSON.stringify(last));
      const shifted = runs.some((figures) => figures.cls > 0) ? await shiftsSeen(browser, preset) : [];
      presets.push({ preset, runs, notes: [...(last ? notesOf(last) : []), ...shifted] });
    }
    return presets;
  } finally {
    await browser.close();
  }
}

export function lighthouseReport(presets: LighthouseRun[]): string {
  const figure = (values: number[], digits: number) => {
    const median = percentile(values, 50).toFixed(digits);
    return values.length > 1
      ? `${median} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`
      : median;
  };
  const rows = [
    ['preset', 'performance', 'accessibility', 'layout shift', 'blocking ms', 'LCP ms', 'FCP ms'],
    ...presets.map(({ preset, runs }) => [
      preset,
      figure(
        runs.map((r) => r.performance),
        0,
      ),
      figure(
        runs.map((r) => r.accessibility),
        0,
      ),
      figure(
        runs.map((r) => r.cls),
        3,
      ),
      figure(
        runs.map((r) => r.tbtMs),
        0,
      ),
      figure(
        runs.map((r) => r.lcpMs),
        0,
      ),
      figure(
        runs.map((r) => r.fcpMs),
        0,
      ),
    ]),
  ];
  return [
    `Lighthouse ${PATH}, a browser reading ${LANGUAGE}, median of ${RUNS} runs (range) (targets: accessibility 100, mobile performance ≥ 95, layout shift < 0.05, blocking < 200 ms)`,
    table(rows),
    ...presets.flatMap(({ preset, notes }) => notes.map((note) => `  ${preset}: ${note}`)),
  ].join('\n');
}
