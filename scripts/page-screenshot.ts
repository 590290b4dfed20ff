import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

/**
 * `npx tsx scripts/page-screenshot.ts reports/conformance.html docs/page.png [height]`: the first screen of
 * a report page as Debian's Chromium shows it (1280 px wide, JavaScript off), for the screenshots in docs/.
 */
const [html, png, height = '800'] = process.argv.slice(2);
if (!html || !png) {
  console.error('usage: npx tsx scripts/page-screenshot.ts <page.html> <out.png> [height in px, default 800]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: Number(height) }, javaScriptEnabled: false });
  await page.goto(pathToFileURL(resolve(html)).href);
  await page.screenshot({ path: png });
} finally {
  await browser.close();
}
