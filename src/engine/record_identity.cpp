#include "engine/record_identity.h"

#include <algorithm>
#include <memory>
#include <set>
#include <tuple>

#include "core/record.h"
#include "core/record_reach.h"
#include "core/text.h"
#include "engine/registry.h"

namespace qi {
namespace {

using engine::GameRegistration;

// A game's name for people, with its variant's where it has several.
Words title_of(const GameRegistration& g, std::string_view variant) {
  const GameDescriptor& d = g.descriptor();
  Words w = d.title;
  if (const VariantDescriptor* v = d.variant(variant); v && d.variants.size() > 1) {
    w.en += " (" + v->title.en + ")";
    w.zh += "（" + v->title.zh + "）";
  }
  return w;
}

// An error quoted in another message: at most a line's worth of it (a
// reader's error may quote a long token), cut between whole characters.
std::string clipped(std::string text) {
  constexpr std::size_t kMax = 200;
  if (text.size() <= kMax) return text;
  std::size_t end = kMax;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  text.resize(end);
  return text + "...";
}

std::string joined(const std::vector<std::string>& names, std::string_view and_word) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? std::string(and_word) : std::string(", ")) + names[i];
  return out;
}

// What a game reads of the text, and what it assumed to choose the variant.
struct Reading {
  const GameRegistration* game = nullptr;
  RecordReading result;
  std::string assumed;
  int player_tags = 0;                // how many of the record's tags name players as this game's records do
  std::vector<std::string> variants;  // of the game, those that read it as far (when known)
};

// The text as a position of `g` (its FEN reader reads all of it), in the
// variant the game makes of a record holding only that FEN; where other
// variants read it too and the game said nothing of it, that is said.
std::optional<Reading> as_position(const GameRegistration& g, std::string_view text) {
  const GameDescriptor& d = g.descriptor();
  GameRecord record;
  record.set_tag("FEN", std::string(text));
  Expected<RecordVariant> of = variant_of_record(g, record);
  Expected<std::unique_ptr<Game>> game = make_game(d.name, of ? of->variant : std::string());
  if (!game || !(*game)->set_fen(text)) return std::nullopt;
  Reading r{&g, {d.name, std::string((*game)->variant()), 0, true, ""}, of ? of->assumption : ""};
  std::vector<std::string> reading;
  for (const VariantDescriptor& v : d.variants)
    if (Expected<std::unique_ptr<Game>> other = make_game(d.name, v.name); other && (*other)->set_fen(text)) {
      reading.push_back(v.title.en);
      r.variants.push_back(std::string((*other)->variant()));
    }
  if (r.assumed.empty() && reading.size() > 1)
    r.assumed = "the position fits " + joined(reading, " and ") + " alike; read as " +
                d.variant(r.result.variant)->title.en;
  return r;
}

// The text as a record of `g`: its tags, its movetext in the game's
// dialect, the variant as the game makes of it (or `forced`), and its moves
// replayed up to the first that fails.
Reading as_record(const GameRegistration& g, std::string_view text, const std::string* forced = nullptr) {
  const std::string name = g.descriptor().name;
  Reading r{&g, {name, "", -1, false, ""}, ""};
  RecordReader reader(text);
  Expected<std::optional<GameRecord>> tags = reader.next_tags();
  if (!tags || !*tags) {
    r.result.error = tags ? "the text holds no record" : clipped(tags.error().message);
    return r;
  }
  GameRecord record = std::move(**tags);
  std::string variant = forced ? *forced : variant_of_tags(g.descriptor(), record.tags).value_or("");
  Expected<std::unique_ptr<Game>> game = make_game(name, variant);
  if (!game) {
    r.result.error = game.error().message;
    return r;
  }
  r.result.variant = std::string((*game)->variant());
  const RecordDialect dialect = (*game)->record_dialect();
  for (const auto& [tag, value] : record.tags)
    r.player_tags += tag == dialect.player_tags[0] || tag == dialect.player_tags[1];
  if (Status s = reader.read_movetext(record, dialect); !s) {
    r.result.error = clipped(s.error().message);
    return r;
  }
  if (variant.empty() && !forced) {
    Expected<RecordVariant> of = variant_of_record(g, record);
    if (!of) {
      r.result.error = clipped(of.error().message);
      return r;
    }
    r.assumed = of->assumption;
    if (of->variant != (*game)->variant()) game = make_game(name, of->variant);
    if (!game) {
      r.result.error = game.error().message;
      return r;
    }
  }
  r.result.variant = std::string((*game)->variant());
  Expected<ReadGame> read = read_game(std::move(record), std::move(*game), r.result.plies);
  r.result.whole = read.has_value();
  if (!read) r.result.error = clipped(read.error().message);
  return r;
}

// The variants of the game `r` read the record in that read it as far.
std::vector<std::string> variants_as_far(const Reading& r, std::string_view text) {
  std::vector<std::string> out;
  for (const VariantDescriptor& v : r.game->descriptor().variants) {
    const Reading other = as_record(*r.game, text, &v.name);
    if (other.result.plies == r.result.plies && other.result.whole == r.result.whole)
      out.push_back(other.result.variant);
  }
  return out;
}

// Whether a game read anything: all of it, or some of its moves.
bool read_any(const Reading& r) { return r.result.whole || r.result.plies > 0; }

// Furthest first; at equal length a record read whole, then by player tags.
auto rank(const Reading& r) { return std::make_tuple(r.result.plies, r.result.whole, r.player_tags); }

RecordIdentity chosen(const Reading& r, RecordIdentity::Basis basis, bool sure, Words why) {
  RecordIdentity id;
  id.game = r.result.game;
  id.variant = r.result.variant;
  id.format = basis == RecordIdentity::Basis::Position
                  ? "FEN"
                  : r.game->descriptor().variant(r.result.variant)->record.format;
  id.basis = basis;
  id.sure = sure;
  id.why = std::move(why);
  id.assumed = r.assumed;
  id.plies = std::max(0, r.result.plies);
  id.variants = r.variants.empty() ? std::vector<std::string>{r.result.variant} : r.variants;
  return id;
}

}  // namespace

std::string_view basis_name(RecordIdentity::Basis basis) {
  switch (basis) {
    case RecordIdentity::Basis::Tagged:
      return "tags";
    case RecordIdentity::Basis::Position:
      return "position";
    case RecordIdentity::Basis::Moves:
      return "moves";
    case RecordIdentity::Basis::None:
      break;
  }
  return "none";
}

Expected<RecordIdentity> identify_record(std::string_view text) {
  text = trim(text);
  if (text.empty()) return make_error("record_unreadable", "the record is empty");
  if (text.size() > kMaxIdentifiedBytes)
    return make_error("record_unreadable",
                      "the record is longer than " + std::to_string(kMaxIdentifiedBytes) + " bytes");
  const std::vector<const GameRegistration*> games = engine::registered_games();

  // A position alone.
  std::vector<Reading> positions;
  for (const GameRegistration* g : games)
    if (std::optional<Reading> p = as_position(*g, text)) positions.push_back(std::move(*p));
  if (!positions.empty()) {
    const Words title = title_of(*positions.front().game, positions.front().result.variant);
    if (positions.size() == 1)
      return chosen(positions.front(), RecordIdentity::Basis::Position, true,
                    {"a position of " + title.en + ", and of no other game", "这是" + title.zh + "的局面"});
    RecordIdentity tie;
    std::vector<std::string> en, zh;
    for (const Reading& p : positions) {
      tie.readings.push_back(p.result);
      en.push_back(title_of(*p.game, p.result.variant).en);
      zh.push_back(title_of(*p.game, p.result.variant).zh);
    }
    tie.format = "FEN";
    tie.why = {"a position of " + joined(en, " and ") + " alike: choose its game",
               "这个局面" + joined(zh, "和") + "都能读：请选择棋种"};
    return tie;
  }

  // A record: every game reads it.
  std::vector<Reading> readings;
  for (const GameRegistration* g : games) readings.push_back(as_record(*g, text));
  std::stable_sort(readings.begin(), readings.end(),
                   [](const Reading& a, const Reading& b) { return rank(a) > rank(b); });
  std::vector<RecordReading> read;
  for (const Reading& r : readings)
    if (read_any(r)) read.push_back(r.result);

  // Named by its tags (the descriptors' identifying tags), whatever its
  // moves: the game's own reader then says what is wrong with them.
  RecordIdentity out;
  RecordReader tag_reader(text);
  if (Expected<std::optional<GameRecord>> tags = tag_reader.next_tags(); tags && *tags)
    if (const GameRegistration* named = game_of_tags((**tags).tags))
      for (const Reading& r : readings)
        if (r.game == named) {
          const Words t = title_of(*named, r.result.variant);
          out = chosen(r, RecordIdentity::Basis::Tagged, true,
                       {"the record's tags name " + t.en, "棋谱的标签指明是" + t.zh});
          out.readings = read;
          return out;
        }

  if (!read_any(readings.front())) {
    std::string why = "no game reads this record";
    for (std::size_t i = 0; i < readings.size(); ++i)
      why +=
          (i == 0 ? " (" : "; ") + readings[i].game->descriptor().title.en + ": " + readings[i].result.error;
    return make_error("record_unreadable", why + ")");
  }
  const Reading& best = readings.front();
  // And the other variants of its game that read it as far (a page keeps one chosen among them).
  Reading winner = best;
  if (best.game->descriptor().variants.size() > 1) winner.variants = variants_as_far(best, text);
  const Words title = title_of(*best.game, best.result.variant);
  const std::string n = std::to_string(best.result.plies);

  const bool tie = readings.size() > 1 && rank(readings[1]) == rank(best);
  const bool alone =
      readings.size() == 1 || std::make_tuple(readings[1].result.plies, readings[1].result.whole) !=
                                  std::make_tuple(best.result.plies, best.result.whole);
  if (tie) {
    std::vector<std::string> en, zh;
    for (const Reading& r : readings)
      if (rank(r) == rank(best)) {
        en.push_back(title_of(*r.game, r.result.variant).en);
        zh.push_back(title_of(*r.game, r.result.variant).zh);
      }
    out.format = best.game->descriptor().variant(best.result.variant)->record.format;
    out.why = {
        "the record reads alike as " + joined(en, " and ") + " (" + n + " moves each): choose its game",
        "这份棋谱作为" + joined(zh, "和") + "读起来一样（各 " + n + " 步）：请选择棋种"};
  } else if (!best.result.whole) {
    out = chosen(winner, RecordIdentity::Basis::Moves, false,
                 {title.en + " plays " + n +
                      " of its moves, more than any other game, then stops: " + best.result.error,
                  title.zh + "能走到第 " + n + " 步，比其他棋都远，然后出错：" + best.result.error});
  } else if (!alone) {
    // As far in several games: the one whose player tags it uses.
    out = chosen(winner, RecordIdentity::Basis::Moves, false,
                 {"its player tags are those of " + title.en + ", which plays all " + n + " of its moves",
                  "它的棋手标签属于" + title.zh + "，" + title.zh + "能走完它的全部 " + n + " 步棋"});
  } else {
    out = chosen(winner, RecordIdentity::Basis::Moves, true,
                 {title.en + " plays all " + n + " of its moves, and no other game does",
                  "只有" + title.zh + "能走完它的全部 " + n + " 步棋"});
  }
  out.readings = read;
  return out;
}

}  // namespace qi
