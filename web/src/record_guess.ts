// Which game (and variant) a pasted record is, from the tags each variant's
// descriptor says identify its records: a tag whose value is the identifying
// one (in any case), or begins with it and a comma (PDN's GameType "21,Black,8,8,...").
import type { GameDescriptor } from './descriptor';

export interface Guess { game: string; variant: string }

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

// null when the text has no tags or no game claims it. A record with tags that
// no variant's identifying tags match belongs to the one variant whose
// records need none, if there is exactly one (records of chess name no game).
export function guessRecord(text: string, games: GameDescriptor[]): Guess | null {
  const tags = tagsOf(text);
  if (tags.size === 0) return null;
  for (const g of games)
    for (const v of g.variants)
      if (v.record.identifying_tags.some(([tag, value]) => identifies(tags.get(tag.toLowerCase()), value))) return { game: g.name, variant: v.name };
  const untagged = games.flatMap((g) => g.variants.filter((v) => v.record.identifying_tags.length === 0).map((v) => ({ game: g.name, variant: v.name })));
  return untagged.length === 1 ? untagged[0] : null;
}
