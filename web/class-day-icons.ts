// `npm run build:icons`: draws the class day's app icons (web/public/class-day-*.png, named by its manifest,
// web/public/class-day.webmanifest) from the site's logo, in Debian's Chromium: phones want PNGs of set sizes to
// put an installed app on the home screen, and a maskable one they may crop to their own shape.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const logo = readFileSync('web/public/logo.svg', 'utf8');
// The logo's own blue around it, for the maskable icon: a phone's mask crops into the outer fifth.
const BACKGROUND = '#1d4e89';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const { file, size, maskable } of [
    { file: 'class-day-192.png', size: 192, maskable: false },
    { file: 'class-day-512.png', size: 512, maskable: false },
    { file: 'class-day-maskable-512.png', size: 512, maskable: true },
  ]) {
    const inner = maskable ? Math.round(size * 0.8) : size;
    const background = maskable ? BACKGROUND : 'transparent';
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;height:${size}px;background:${background}">` +
        logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
        '</body>',
    );
    await page.screenshot({ path: `web/public/${file}`, omitBackground: !maskable });
    console.log(`wrote web/public/${file}`);
  }
} finally {
  await browser.close();
}
