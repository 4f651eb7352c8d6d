// Load: N games at once through the API, each a person (this script, playing
// random legal moves) against the engine at level 10 with movetime_ms=10,
// played to the end or to a move limit. Every request is an API request that
// is not an engine search (the engine answers on the server's worker
// threads): creating, moving, viewing. Reports errors, the latency of those
// requests (p50/p95/p99/max, and for moves alone), engine moves a second, and
// the time to load the page (index.html, its assets and /api/info).
// Usage: node e2e/load.mjs http://127.0.0.1:8080 [games=100] [plies=40] [poll_ms=50] [ramp_ms=10]
import http from 'node:http';

const [base, n = '100', plies = '40', pollMs = '50', rampMs = '10'] = process.argv.slice(2);
// node:http with TCP_NODELAY and kept-alive connections, as browsers do.
// (fetch() here sends a POST's body in a second segment that Nagle's
// algorithm holds back until the server's delayed acknowledgement: 40-200 ms
// that no browser pays.)
const agent = new http.Agent({ keepAlive: true, noDelay: true });
function send(method, path, body) {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const r = http.request(
      base + path,
      {
        method,
        agent,
        headers: payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    r.on('error', reject);
    r.end(payload);
  });
}
const lat = { all: [], move: [], view: [], create: [] };
let errors = 0;
let engineMoves = 0;
async function req(kind, method, path, body) {
  const t = performance.now();
  const r = await send(method, path, body);
  const data = JSON.parse(r.text);
  const ms = performance.now() - t;
  lat.all.push(ms);
  lat[kind].push(ms);
  if (r.status >= 400) {
    errors++;
    console.error(`${method} ${path}: ${r.status} ${data.error}`);
    throw new Error(data.error);
  }
  return data;
}
const games = ['chess', 'xiangqi', 'checkers', 'tictactoe'];
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
async function one(i) {
  await sleep(i * Number(rampMs)); // games start 10 ms apart: all running at once after a second
  const game = games[i % 4];
  let v = await req('create', 'POST', '/api/games', {
    game,
    seats: [{ kind: 'human' }, { kind: 'engine', level: 10, movetime_ms: 10 }],
  });
  const token = v.tokens.first;
  for (let p = 0; p < Number(plies) && v.outcome.verdict === 'ongoing'; p++) {
    while (v.engine_to_move) {
      await sleep(Number(pollMs));
      v = await req('view', 'GET', '/api/games/' + v.id);
    }
    if (v.outcome.verdict !== 'ongoing') break;
    const m = v.legal_moves[Math.floor(Math.random() * v.legal_moves.length)];
    v = await req('move', 'POST', `/api/games/${v.id}/move`, { token, move: m.id });
  }
  engineMoves += Math.floor(v.moves.length / 2);
}

async function pageLoad() {
  const t = performance.now();
  const html = (await send('GET', '/')).text;
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.all(assets.map((a) => send('GET', a)));
  JSON.parse((await send('GET', '/api/info')).text);
  return performance.now() - t;
}

// The page in a real browser (Debian's chromium through playwright-core, as
// the end-to-end tests): from navigation to the game list filled from the
// API, the point where a new game can be started.
let browser = null;
try {
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
} catch {
  browser = null;
}
async function pageUsable() {
  if (!browser) return NaN;
  const page = await browser.newPage();
  await page.goto('about:blank'); // the tab exists, as when someone types the address
  const t = performance.now();
  await page.goto(base + '/');
  await page.waitForSelector('#ng-game option', { state: 'attached' });
  const ms = performance.now() - t;
  await page.close();
  return ms;
}

const q = (a, p) => (a.length ? a[Math.min(a.length - 1, Math.floor(p * a.length))].toFixed(1) : '-');
const line = (name, a) => {
  a.sort((x, y) => x - y);
  return `${name}: ${a.length} requests, ms p50 ${q(a, 0.5)} p95 ${q(a, 0.95)} p99 ${q(a, 0.99)} max ${q(a, 1)}`;
};

const idlePage = await pageLoad();
const idleUsable = await pageUsable();
const t0 = performance.now();
const load = Promise.all(Array.from({ length: Number(n) }, (_, i) => one(i).catch(() => {})));
await sleep(1500);
const busyPage = await pageLoad();
const busyUsable = await pageUsable();
await load;
const seconds = (performance.now() - t0) / 1000;
console.log(`load: ${n} games at once, ${lat.all.length} requests in ${seconds.toFixed(1)} s, ${errors} errors`);
console.log(line('all non-engine requests', lat.all));
for (const k of ['create', 'move', 'view']) console.log(line('  ' + k, lat[k]));
const server = JSON.parse((await send('GET', '/api/stats')).text);
console.log(
  `inside the server (parsed request to JSON answer): ${server.requests} requests, µs p50 ${server.us.p50} p95 ${server.us.p95} p99 ${server.us.p99} max ${server.us.max}`,
);
console.log(`engine moves: ${engineMoves} (${(engineMoves / seconds).toFixed(0)} a second)`);
console.log(`page load (html, assets, /api/info): idle ${idlePage.toFixed(0)} ms, under load ${busyPage.toFixed(0)} ms`);
console.log(`page usable in chromium (games listed): idle ${idleUsable.toFixed(0)} ms, under load ${busyUsable.toFixed(0)} ms`);
if (browser) await browser.close();
process.exit(errors ? 1 : 0);
