// Quick look: screenshots of a page (development aid).
import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const [url, out, w = '1280', h = '800'] = process.argv.slice(2);
const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'qi-chromium-')), {
  executablePath: '/usr/bin/chromium', headless: true, viewport: { width: Number(w), height: Number(h) },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await ctx.newPage();
await page.goto(url);
await page.waitForTimeout(800);
await page.screenshot({ path: out });
await ctx.close();
