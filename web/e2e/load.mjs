// Load: N games at once through the API (each a person against the engine),
// every game played to its end or to a move limit; reports errors and the
// latency of the non-engine requests (creating, moving, viewing).
// Usage: node e2e/load.mjs http://127.0.0.1:8080 [games=100] [plies=40]
const [base, n = '100', plies = '40'] = process.argv.slice(2);
const lat = [];
let errors = 0;
async function req(method, path, body) {
  const t = performance.now();
  const r = await fetch(base + path, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const data = await r.json();
  lat.push(performance.now() - t);
  if (!r.ok) { errors++; throw new Error(data.error); }
  return data;
}
const games = ['chess', 'xiangqi', 'checkers', 'tictactoe'];
async function one(i) {
  const game = games[i % 4];
  let v = await req('POST', '/api/games', { game, seats: [{ kind: 'human' }, { kind: 'engine', level: 1 }] });
  const token = v.tokens.first;
  for (let p = 0; p < Number(plies) && v.outcome.verdict === 'ongoing'; p++) {
    while (v.engine_to_move) { await new Promise((ok) => setTimeout(ok, 20)); v = await req('GET', '/api/games/' + v.id); }
    if (v.outcome.verdict !== 'ongoing') break;
    const m = v.legal_moves[Math.floor(Math.random() * v.legal_moves.length)];
    v = await req('POST', `/api/games/${v.id}/move`, { token, move: m.id });
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: Number(n) }, (_, i) => one(i).catch(() => {})));
lat.sort((a, b) => a - b);
const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))].toFixed(1);
console.log(`load: ${n} games, ${lat.length} requests in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${errors} errors; latency ms p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} max ${q(1)}`);
process.exit(errors ? 1 : 0);
