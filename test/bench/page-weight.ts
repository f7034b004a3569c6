// Page weight: the JavaScript a visitor's browser downloads for /classes/enrollment, gzipped, measured in
// Chromium against the local stack; and what stays out of it until visited.
import { gzipSync } from 'node:zlib';
import { launchBrowser, openPortal } from '../support/browser';
import { kb } from './stats';

export interface PageWeight {
  path: string;
  files: number;
  gzipBytes: number;
}

export async function pageWeight(paths: string[]): Promise<PageWeight[]> {
  const browser = await launchBrowser();
  try {
    const weights: PageWeight[] = [];
    for (const path of paths) {
      const { page, context } = await openPortal(browser);
      const scripts: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      const sizes = await Promise.all(scripts);
      weights.push({ path, files: sizes.length, gzipBytes: sizes.reduce((sum, size) => sum + size, 0) });
      await context.close();
    }
    return weights;
  } finally {
    await browser.close();
  }
}

export function pageWeightReport(weights: PageWeight[]): string {
  return [
    'Page weight: JavaScript downloaded on first visit, gzipped (target for /classes/enrollment: 170 KB or less)',
    ...weights.map((w) => `  ${w.path.padEnd(22)} ${kb(w.gzipBytes).padStart(9)} in ${w.files} files`),
  ].join('\n');
}
