// How soon the page is usable, idle and under load. Times the page over HTTP
// (index.html, its assets, /api/info) and in Debian's chromium through
// playwright-core, from navigation to the game list filled from the API (the
// point where a new game can be started): once on an idle server, then again
// 1.5 s after starting a load command (normally the C++ load client
// qi_web_load, see docs/performance.md), whose output is passed through.
// Usage: node e2e/page_time.mjs http://127.0.0.1:8080 [load command and its arguments ...]
import { spawn } from 'node:child_process';
import http from 'node:http';

const [base, ...loadCommand] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, noDelay: true });
function get(path) {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString()));
      })
      .on('error', reject);
  });
}

async function overHttp() {
  const t = performance.now();
  const html = await get('/');
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.all(assets.map(get));
  JSON.parse(await get('/api/info'));
  return performance.now() - t;
}

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function inBrowser() {
  const page = await browser.newPage();
  await page.goto('about:blank'); // the tab exists, as when someone types the address
  const t = performance.now();
  await page.goto(base + '/');
  await page.waitForSelector('#ng-game option', { state: 'attached' });
  const ms = performance.now() - t;
  await page.close();
  return ms;
}

const idle = [await overHttp(), await inBrowser()];
let busy = [NaN, NaN];
let loadStatus = 0;
if (loadCommand.length) {
  const load = spawn(loadCommand[0], loadCommand.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] });
  const done = new Promise((ok) => load.on('exit', (code) => ok(code ?? 1)));
  await new Promise((ok) => setTimeout(ok, 1500));
  busy = [await overHttp(), await inBrowser()];
  loadStatus = await done;
}
await browser.close();
const ms = (x) => (Number.isNaN(x) ? '-' : `${x.toFixed(0)} ms`);
console.log(`page load (html, assets, /api/info): idle ${ms(idle[0])}, under load ${ms(busy[0])}`);
console.log(`page usable in chromium (games listed): idle ${ms(idle[1])}, under load ${ms(busy[1])}`);
process.exit(loadStatus);
