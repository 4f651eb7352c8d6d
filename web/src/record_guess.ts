// Which game (and variant) a pasted record is, from the tags each variant's
// descriptor says identify its records: a tag whose value is the identifying
// one (in any case), or begins with it and a comma (PDN's GameType "21,Black,8,8,...").
import type { GameDescriptor } from './descriptor';

export interface Guess { game: string; variant: string }

// The variant "as the record says": the dialog sends none, and the server
// tells it from the record (a draughts record without GameType: its squares
// and moves), saying what it assumed where the record leaves a choice.
export const FROM_RECORD = '?record';

// The record's tags, by name in lower case ([Event "x"] → event: x).
function tagsOf(text: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const m of text.matchAll(/^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/gm)) {
    const name = m[1].toLowerCase();
    if (!tags.has(name)) tags.set(name, m[2]);
  }
  return tags;
}

function identifies(value: string | undefined, wanted: string): boolean {
  if (value === undefined) return false;
  const v = value.trim().toLowerCase(), w = wanted.toLowerCase();
  return v === w || v.startsWith(w + ',');
}

// The moves of a record, without its tags, comments and results.
function movetext(text: string): string {
  return text.replace(/^\s*\[[^\]]*\]\s*$/gm, ' ').replace(/\{[^}]*\}/g, ' ')
    .replace(/(^|\s)(1-0|0-1|1\/2-1\/2|2-0|0-2|1-1|0-0|\*)(?=\s|$)/g, ' ');
}

// null when the text has no tags or no game claims it. A record whose tags
// name a game's variant is that. Otherwise moves between numbered squares
// (11-15, 32x23) are a draughts record, and squares joined by a sign
// (c3-d4) one too when draughts is already chosen: its variant is told by
// the server (FROM_RECORD). Else a record belongs to the one variant whose
// records need no tags, if there is exactly one (records of chess name no game).
export function guessRecord(text: string, games: GameDescriptor[], current = ''): Guess | null {
  const tags = tagsOf(text);
  for (const g of games)
    for (const v of g.variants)
      if (v.record.identifying_tags.some(([tag, value]) => identifies(tags.get(tag.toLowerCase()), value))) return { game: g.name, variant: v.name };
  const moves = movetext(text);
  const draughts = games.find((g) => g.variants.some((v) => v.record.format === 'PDN'));
  if (draughts && (/(^|[\s.])\d{1,2}\s*[-x:]\s*\d{1,2}(?=[\s!?*(]|$)/.test(moves) ||
                   (current === draughts.name && /[a-h][1-8][-x:][a-h][1-8]/.test(moves))))
    return { game: draughts.name, variant: FROM_RECORD };
  if (tags.size === 0) return null;
  const untagged = games.flatMap((g) => g.variants.filter((v) => v.record.identifying_tags.length === 0).map((v) => ({ game: g.name, variant: v.name })));
  return untagged.length === 1 ? untagged[0] : null;
}
