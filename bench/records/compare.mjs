// Sets what Qi makes of each archived record (the JSON lines of
// `qi records --json`) beside an independent reader's (reference.mjs), and
// prints, per game, variant and notation: the records, how many Qi read,
// how many end on the reference's position, what Qi refused (by class of
// reason, with examples quoting the record), what the reference refused, and
// the disagreements.
//
//   node compare.mjs ARCHIVE_DIR QI_JSONL [DETAILS_JSONL]
//
// ARCHIVE_DIR holds MANIFEST.tsv (see gather.sh); QI_JSONL holds Qi's lines
// for the manifest's files, named by their paths relative to ARCHIVE_DIR.
// Where no library reads a notation or variant, the second source is the
// same game in ICCS (the manifest's same_games_as column) or, failing that,
// the number of moves the record holds ("plies agree": Qi played every move
// the record's main line holds, as a simple tokenizer counts them).
//
// Xiangqi in WXF, Chinese or WinBoard SAN notation is read by ffish too
// (reference.mjs); where the archive holds the same games in ICCS, that copy
// is the second source, reported beside. International draughts has two
// references: Scan (scan.mjs), when SCAN names its binary, and draughts.js,
// which moves a king one square only and so is no reference for games with
// flying kings. With SCAN, Scan is the reference of
// the table and draughts.js is reported beside it; without, draughts.js is.
import fs from 'node:fs';
import path from 'node:path';
import {
  ready,
  readChess,
  readXiangqiIccs,
  readXiangqiNotation,
  readEnglish,
  readInternational,
  splitRecords,
  chessNormalOfFen,
  xiangqiNormal,
  draughtsNormal,
} from './reference.mjs';
import { readInternationalScan } from './scan.mjs';

const [archive, qiFile, detailsFile] = process.argv.slice(2);
if (!archive || !qiFile) {
  console.error('usage: node compare.mjs ARCHIVE_DIR QI_JSONL [DETAILS_JSONL]');
  process.exit(2);
}
await ready();
// ffish rethrows every uncaught exception with its whole source; say only the error.
process.removeAllListeners('uncaughtException');
process.on('uncaughtException', (error) => {
  console.error(error.stack ?? String(error));
  process.exit(1);
});

const manifestLines = fs.readFileSync(path.join(archive, 'MANIFEST.tsv'), 'utf8').split('\n').filter((l) => l.trim() !== '');
const columns = manifestLines[0].split('\t');
const manifest = manifestLines.slice(1).map((line) => Object.fromEntries(line.split('\t').map((v, i) => [columns[i], v])));

const qi = new Map(); // file -> Map(record number -> line)
for (const line of fs.readFileSync(qiFile, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const r = JSON.parse(line);
  if (!qi.has(r.file)) qi.set(r.file, new Map());
  qi.get(r.file).set(r.record, r);
}

const textOf = (local) => fs.readFileSync(path.join(archive, local), 'utf8');

// Scan's records of the international files, read before the comparison (Scan
// answers through a pipe, the other readers at once).
const scanBinary = process.env.SCAN ? path.resolve(process.env.SCAN) : undefined;
if (scanBinary && !fs.existsSync(scanBinary)) {
  console.error(`SCAN=${process.env.SCAN}: no such file`);
  process.exit(2);
}
const scanRecords = new Map();
if (scanBinary)
  for (const entry of manifest)
    if (entry.game === 'draughts' && entry.variant === 'international')
      scanRecords.set(entry.local_path, await readInternationalScan(textOf(entry.local_path), scanBinary));

const referenceCache = new Map();
function referenceOf(entry) {
  if (referenceCache.has(entry.local_path)) return referenceCache.get(entry.local_path);
  // Files written in GB18030 are read by the reference as what they are.
  const text = / as written/.test(entry.notation) && /GB18030/.test(entry.notation) ? new TextDecoder('gb18030').decode(fs.readFileSync(path.join(archive, entry.local_path))) : textOf(entry.local_path);
  const xiangqiNotation = /^WXF/.test(entry.notation) ? 'wxf' : /^Chinese/.test(entry.notation) ? 'chinese' : /^WinBoard/.test(entry.notation) ? 'winboard' : undefined;
  let reader;
  let source = entry.game === 'chess' ? 'chessops' : undefined;
  if (entry.game === 'chess') reader = readChess;
  else if (entry.game === 'xiangqi' && entry.notation === 'ICCS') [reader, source] = [readXiangqiIccs, 'ffish'];
  else if (entry.game === 'xiangqi' && xiangqiNotation)
    [reader, source] = [(t) => readXiangqiNotation(t, xiangqiNotation), xiangqiNotation === 'winboard' ? 'ffish (SAN)' : 'ffish (WXF as Fairy-Stockfish writes it)'];
  else if (entry.game === 'draughts' && entry.variant === 'english') [reader, source] = [readEnglish, 'rapid-draughts'];
  else if (entry.game === 'draughts' && entry.variant === 'international') [reader, source] = [readInternational, 'draughts'];
  let result;
  if (scanRecords.has(entry.local_path))
    result = { source: 'Scan 3.1', records: scanRecords.get(entry.local_path), second: { source, records: reader(text) } };
  else if (reader) result = { source, records: reader(text) };
  if (entry.same_games_as) {
    // The same games in another notation: a second source.
    const other = manifest.find((m) => m.local_path === entry.same_games_as);
    const base = referenceOf(other);
    const second = base && { source: `${base.source}, the same games in ${other.notation} (${other.local_path})`, records: base.records };
    if (result) result.second = second;
    else result = second;
  }
  referenceCache.set(entry.local_path, result);
  return result;
}

function qiNormal(entry, line) {
  if (entry.game === 'chess') return chessNormalOfFen(line.fen);
  if (entry.game === 'xiangqi') return xiangqiNormal(line.fen);
  return draughtsNormal(line.fen);
}

// A refusal's class: the message with the record's own words taken out
// (where, which move, quoted text, squares and numbers), so that refusals
// of one cause fall together.
function classOf(error) {
  return error
    .replace(/^.*? record \d+( \w+="[^"]*")*: /, '')
    .replace(/^record \d+: /, '')
    .replace(/\(line \d+, column \d+\)/g, '')
    .replace(/^move \d+ \((White|Black|Red|First|Second)\): /, 'move N: ')
    .replace(/^(move N: )[^:]+: /, '$1TEXT: ')
    .replace(/"[^"]*"|'[^']*'|“[^”]*”/g, 'Q')
    .replace(/\b[a-i](10|[0-9])\b/g, 'SQ')
    .replace(/\d+/g, 'N')
    .trim();
}

function excerpt(local, error) {
  const at = error.match(/line (\d+), column (\d+)/);
  if (!at) return undefined;
  const line = textOf(local).split(/\r?\n/)[Number(at[1]) - 1] ?? '';
  const column = Number(at[2]);
  const from = Math.max(0, column - 50);
  return `${from > 0 ? '…' : ''}${line.slice(from, column + 40)}${column + 40 < line.length ? '…' : ''}`;
}

// The tags that tell games apart, as `qi records --json` writes them in "key".
const keyOfTags = (tags) => ['Event', 'Round', 'Date', 'White', 'Black', 'Red'].map((t) => `${tags?.[t] ?? ''}|`).join('');

// Qi's records of a file paired with the reference's. In order, by the key
// where the two agree on it; where Qi refused a record's tags and went on
// with the rest of that record as one more (its recovery after a bad tag),
// the game counts once, as refused; a record only the reference has is
// "unseen".
function* pairs(qiLines, refRecords) {
  const qs = [...qiLines.values()].sort((a, b) => a.record - b.record);
  if (!refRecords) {
    for (const q of qs) yield { q, number: q.record };
    return;
  }
  let j = 0;
  for (let i = 0; i < qs.length; ++i) {
    const q = qs[i];
    const ahead = refRecords.slice(j, j + 4).findIndex((r) => keyOfTags(r.tags) === q.key);
    if (ahead > 0 && q.key !== '||||||' && qs.length - i < refRecords.length - j) {
      for (let k = 0; k < ahead; ++k) yield { ref: refRecords[j + k], number: refRecords[j + k].number, unseen: true };
      j += ahead;
    }
    const next = qs[i + 1];
    if (q.error && !q.key && next && qs.length - i > refRecords.length - j) {
      yield { q, ref: refRecords[j], number: q.record };
      ++j;
      ++i;  // the rest of the same record, read as one more
      continue;
    }
    yield { q, ref: refRecords[j], number: q.record };
    ++j;
  }
  for (; j < refRecords.length; ++j) yield { ref: refRecords[j], number: refRecords[j].number, unseen: true };
}

const rows = new Map();
const details = [];
const keyOf = (e) => `${e.game} | ${e.variant} | ${e.notation}`;
for (const entry of manifest) {
  const key = keyOf(entry);
  if (!rows.has(key))
    rows.set(key, {
      key, files: 0, games: 0, notGames: 0, read: 0, same: 0, differ: 0, refused: 0, refRefused: 0, refRefusedPliesAgree: 0, noRef: 0, pliesAgree: 0,
      variants: new Map(), classes: new Map(), disagreements: [], referenceRefusals: [], referenceNotes: [], source: undefined,
    });
  const row = rows.get(key);
  ++row.files;
  const reference = referenceOf(entry);
  row.source ??= reference?.source;
  const own = splitRecords(textOf(entry.local_path));
  for (const { q, ref, number, unseen } of pairs(qi.get(entry.local_path) ?? new Map(), reference?.records)) {
    if (q?.error && q.key === '||||||' && reference && !ref && !own[q.record - 1]?.moves.length) {
      // Text after the last game that Qi takes for one more record (a
      // program's footer): not a game, counted apart.
      ++row.notGames;
      continue;
    }
    ++row.games;
    const detail = { file: entry.local_path, record: number, key, qi: q, reference: ref };
    details.push(detail);
    if (unseen) {
      ++row.refused;
      const cls = 'a record the reference reads that Qi does not see as a record of its own';
      if (!row.classes.has(cls)) row.classes.set(cls, { count: 0, examples: [] });
      const c = row.classes.get(cls);
      ++c.count;
      if (c.examples.length < 3)
        c.examples.push({ where: `${entry.local_path} reference record ${ref.number}`, error: `tags ${JSON.stringify(ref.tags)}`, reference: ref.error ?? `reads it whole (${ref.plies} plies)` });
      continue;
    }
    const n = q.record;
    const variant = `${q.variant || '(none)'} (${q.variant_from || 'not read'})`;
    row.variants.set(variant, (row.variants.get(variant) ?? 0) + 1);
    if (q.error) {
      ++row.refused;
      const cls = classOf(q.error);
      if (!row.classes.has(cls)) row.classes.set(cls, { count: 0, examples: [] });
      const c = row.classes.get(cls);
      ++c.count;
      if (c.examples.length < 3)
        c.examples.push({
          where: `${entry.local_path} record ${n}`,
          error: q.error,
          text: excerpt(entry.local_path, q.error),
          reference: !ref ? 'no reference' : ref.error ? `refuses too: ${ref.error}` : `reads it whole (${ref.plies} plies)`,
        });
      continue;
    }
    ++row.read;
    if (reference?.second && ref) {
      // The second reference's verdict on the same record, reported beside.
      const other = reference.second.records[ref.number - 1];
      row.second ??= { source: reference.second.source, same: 0, refused: 0, differ: 0 };
      if (!other || other.error) ++row.second.refused;
      else if (other.normal === qiNormal(entry, q) && other.plies === q.plies) ++row.second.same;
      else ++row.second.differ;
    }
    if (!ref) {
      ++row.noRef;
      const moves = own[n - 1]?.moves.length;
      if (moves === q.plies) ++row.pliesAgree;
      continue;
    }
    for (const note of ref.notes ?? []) if (row.referenceNotes.length < 20) row.referenceNotes.push(`${entry.local_path} record ${n}: ${note}`);
    if (ref.error) {
      ++row.refRefused;
      if (own[n - 1]?.moves.length === q.plies) ++row.refRefusedPliesAgree;
      if (row.referenceRefusals.length < 3) row.referenceRefusals.push({ where: `${entry.local_path} record ${n}`, error: ref.error });
      continue;
    }
    const mine = qiNormal(entry, q);
    detail.qiNormal = mine;
    if (mine === ref.normal && q.plies === ref.plies) ++row.same;
    else {
      ++row.differ;
      if (row.disagreements.length < 3)
        row.disagreements.push({ where: `${entry.local_path} record ${n}`, qi: `${q.plies} plies, ${mine}`, reference: `${ref.plies} plies, ${ref.normal}` });
    }
  }
}

// The variants Qi plays; records of others are outside the question.
const QI_PLAYS = new Set(['chess standard', 'chess chess960', 'xiangqi standard', 'draughts english', 'draughts international', 'draughts russian', 'draughts brazilian']);
const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(2)} %`);
console.log('| game | variant | notation | files | records | read by Qi | same final position | refused by Qi | refused by the reference (plies agree) | disagreements | no reference (plies agree) | reference |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
const ordered = [...rows.values()].sort((a, b) => Number(!QI_PLAYS.has(a.key.split(' | ').slice(0, 2).join(' '))) - Number(!QI_PLAYS.has(b.key.split(' | ').slice(0, 2).join(' '))));
for (const r of ordered) {
  const [game, variant, notation] = r.key.split(' | ');
  const outside = QI_PLAYS.has(`${game} ${variant}`) ? '' : ' (a variant Qi does not play)';
  const records = r.notGames ? `${r.games} (+${r.notGames} not games)` : r.games;
  console.log(
    `| ${game} | ${variant}${outside} | ${notation} | ${r.files} | ${records} | ${r.read} (${pct(r.read, r.games)}) | ${r.same} | ${r.refused} | ${r.refRefused ? `${r.refRefused} (${r.refRefusedPliesAgree})` : 0} | ${r.differ} | ${r.noRef ? `${r.noRef} (${r.pliesAgree})` : 0} | ${r.source ?? 'none'} |`,
  );
}
const total = ordered.filter((r) => QI_PLAYS.has(r.key.split(' | ').slice(0, 2).join(' '))).reduce((t, r) => ({ games: t.games + r.games, read: t.read + r.read, same: t.same + r.same }), { games: 0, read: 0, same: 0 });
// Per game and variant, all notations together: the issue's question.
const byVariant = new Map();
for (const r of ordered) {
  const [game, variant] = r.key.split(' | ');
  if (!QI_PLAYS.has(`${game} ${variant}`)) continue;
  const v = byVariant.get(`${game} | ${variant}`) ?? { games: 0, read: 0, same: 0, pliesAgree: 0 };
  v.games += r.games;
  v.read += r.read;
  v.same += r.same;
  v.pliesAgree += r.pliesAgree;
  byVariant.set(`${game} | ${variant}`, v);
}
console.log('\n| game | variant | records | read by Qi | same final position as a reference | read, no reference, plies agree |');
console.log('|---|---|---|---|---|---|');
for (const [key, v] of byVariant) console.log(`| ${key} | ${v.games} | ${v.read} (${pct(v.read, v.games)}) | ${v.same} (${pct(v.same, v.games)}) | ${v.pliesAgree} |`);
console.log(`\nall the variants Qi plays: ${total.games} records, read by Qi ${total.read} (${pct(total.read, total.games)}), same final position as the reference ${total.same}`);

for (const r of rows.values()) {
  console.log(`\n### ${r.key}`);
  console.log(`variant Qi read (and where from): ${[...r.variants].map(([v, n]) => `${v} ${n}`).join(', ') || '-'}`);
  if (r.second)
    console.log(`second reference, ${r.second.source}, on the records Qi reads: same final position ${r.second.same}, refused ${r.second.refused}, disagreements ${r.second.differ}`);
  for (const [cls, c] of [...r.classes].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`- refused, ${c.count}: ${cls}`);
    for (const e of c.examples) {
      console.log(`    ${e.where}: ${e.error}`);
      if (e.text !== undefined) console.log(`      text: ${e.text}`);
      console.log(`      reference: ${e.reference}`);
    }
  }
  for (const d of r.disagreements) console.log(`- disagreement: ${d.where}\n    Qi:        ${d.qi}\n    reference: ${d.reference}`);
  for (const e of r.referenceRefusals) console.log(`- refused by the reference (Qi reads it): ${e.where}: ${e.error}`);
  for (const note of r.referenceNotes) console.log(`- the reference's note: ${note}`);
}

if (detailsFile) fs.writeFileSync(detailsFile, details.map((d) => JSON.stringify(d)).join('\n') + '\n');
