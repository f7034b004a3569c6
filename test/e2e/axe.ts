// axe-core on what a page shows now, for WCAG 2.2 AA, on the desktop and phone windows the accessibility
// checks use: the serious and critical violations as readable lines, and the failure that lists them all.
import { readFileSync } from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

export const DESKTOP = { name: 'desktop', width: 1280, height: 800 };
export const PHONE = { name: 'phone', width: 390, height: 844 };

// axe-core run in the page directly, injected once per document rather than before each check as
// @axe-core/playwright does (its 550 KB evaluated again on every one of the sweep's ~90 checks).
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
  // Experimental in axe, but it is WCAG 2.5.3 (the accessible name contains the visible label).
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // Only the violations are read: axe then lists one node per passing or unsure rule instead of every node.
  resultTypes: ['violations'],
};

/** The serious and critical violations on what the page shows now, one readable line per element. */
export async function violations(page: Page, screen: string, { mailPreview = false } = {}): Promise<string[]> {
  // Data shown and animations done: axe checks colours as they end up, not mid-fade. Beside an e-mail's
  // preview (the messages screen follows the sending) the network never idles.
  if (!mailPreview) await page.waitForLoadState('networkidle');
  // Checked from the top of the page, where nothing lies under the sticky header: wherever the last click
  // left the page scrolled, the header's buttons could lie over a button in the page, as they do for anyone
  // scrolling, and the same screen would fail or pass by timing.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // The preview is a sandboxed frame without scripts: it is taken out for the check (the e-mails themselves
  // are checked where they are rendered, in mail-templates).
  if (mailPreview) await page.evaluate(() => document.querySelector('iframe[sandbox]')?.remove());
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(options),
    RUN_OPTIONS,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        // The elements the check names beside the failing one (what covers a target, a label, …).
        const related = [...node.any, ...node.all, ...node.none].flatMap((check) =>
          (check.relatedNodes ?? []).map((other) => other.target.join(' ')),
        );
        return `${screen}: [${violation.impact}] ${violation.id} (${violation.help}) at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}${related.length ? `\n    related: ${[...new Set(related)].join(', ')}` : ''}`;
      }),
    );
}

export function expectNone(reported: string[]) {
  if (reported.length > 0) throw new Error(`${reported.length} accessibility violation(s):\n${reported.join('\n')}`);
}
