#include "games/checkers/variant_of_record.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <string_view>
#include <vector>

#include "games/checkers/checkers_game.h"
#include "games/checkers/game_type.h"
#include "games/checkers/notation.h"

namespace qi::checkers {
namespace {

// The order a choice falls in where the record leaves one.
constexpr std::array<std::string_view, 4> kPreferred = {English::name, Russian::name, Brazilian::name,
                                                        International::name};

// What the squares written in a record say of its board.
struct Evidence {
  int highest = 0;         // the highest square number, in a move or the FEN
  bool algebraic = false;  // a square named like c3
};

void gather(const std::vector<RecordMove>& line, Evidence& e) {
  // The widest reading: numbers up to 50, and names.
  constexpr BoardShape widest{10, true};
  for (const RecordMove& m : line) {
    const std::string_view word = without_move_number(m.text);
    if (Expected<MoveWords> w = parse_move_words(word, widest)) {
      if (w->style.algebraic)
        e.algebraic = true;
      else
        e.highest = std::max(e.highest, *std::max_element(w->squares.begin(), w->squares.end()));
    }
    for (const auto& variation : m.variations) gather(variation, e);
  }
}

// The highest square number a FEN lists (not its move counters, H5 or F12).
int highest_in_fen(std::string_view fen) {
  int highest = 0;
  for (std::size_t i = 0; i < fen.size();) {
    if (fen[i] < '0' || fen[i] > '9') {
      ++i;
      continue;
    }
    const bool counter = i > 0 && (std::toupper(static_cast<unsigned char>(fen[i - 1])) == 'H' ||
                                   std::toupper(static_cast<unsigned char>(fen[i - 1])) == 'F');
    int n = 0;
    for (; i < fen.size() && fen[i] >= '0' && fen[i] <= '9'; ++i) n = std::min(n * 10 + (fen[i] - '0'), 1000);
    if (!counter) highest = std::max(highest, n);
  }
  return highest;
}

struct Replay {
  int plies = -1;  // -1: the FEN is no position of the variant
  bool whole = false;
};

// How far the record's main line plays under a variant's rules. Where a
// word fits several routes, the one after which the next word is a legal
// move is taken, as the record reader does.
Replay replay(const GameRecord& record, std::string_view variant) {
  std::unique_ptr<Game> game = make_game(variant);
  if (const std::string fen = record.tag("FEN"); !fen.empty() && !game->set_fen(fen)) return {};
  Replay r{0, false};
  const std::vector<RecordMove>& moves = record.moves;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::vector<MoveText> options = record_word_moves(*game, moves[i].text);
    if (options.empty()) {
      if (is_bare_move_number(moves[i].text)) continue;  // a move number without its period
      return r;
    }
    const MoveText* chosen = &options.front();
    if (options.size() > 1 && i + 1 < moves.size())
      for (const MoveText& option : options) {
        std::unique_ptr<Game> after = game->clone();
        if (after->play(option.id) && !record_word_moves(*after, moves[i + 1].text).empty()) {
          chosen = &option;
          break;
        }
      }
    if (!game->play(chosen->id)) return r;
    ++r.plies;
  }
  r.whole = true;
  return r;
}

std::string listed(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? (names.size() > 2 ? ", and " : " and ") : ", ";
    out += names[i];
  }
  return out;
}

}  // namespace

Expected<RecordVariant> variant_of_record(const GameRecord& record) {
  if (const std::string tag = record.tag("GameType"); !tag.empty()) {
    Expected<GameType> type = parse_game_type(tag);
    if (!type) return type.error();
    Expected<std::string_view> variant = variant_of_game_type(*type);
    if (!variant) return variant.error();
    return RecordVariant{std::string(*variant), ""};
  }

  Evidence e;
  gather(record.moves, e);
  e.highest = std::max(e.highest, highest_in_fen(record.tag("FEN")));
  if (e.highest > 32) return RecordVariant{std::string(International::name), ""};
  std::vector<std::string_view> candidates;
  for (std::string_view v : kPreferred)
    if (!e.algebraic || v == Russian::name || v == Brazilian::name) candidates.push_back(v);

  std::vector<std::string_view> fitting;
  std::string_view furthest = candidates.front();
  int most = -2;
  for (std::string_view v : candidates) {
    const Replay r = replay(record, v);
    if (r.whole) fitting.push_back(v);
    if (r.plies > most) {
      most = r.plies;
      furthest = v;
    }
  }
  if (fitting.size() == 1) return RecordVariant{std::string(fitting.front()), ""};
  // Italian archives name the players in Italian; Italian draughts (its men
  // may not take kings, and White starts from the other corner) is none of
  // Qi's variants, and reading it as one would only blame a move.
  if (fitting.empty() && (record.has_tag("Bianco") || record.has_tag("Nero")))
    return make_error(
        "the record's tags are Italian (Bianco, Nero) and no variant of Qi's keeps its moves: Italian "
        "draughts "
        "(PDN GameType 22), which Qi does not play");
  const std::string untagged = "no GameType tag names the variant, and ";
  if (fitting.empty() && most < 0)
    return RecordVariant{std::string(furthest),
                         untagged + "its FEN is a position of none; read as " + std::string(furthest)};
  if (fitting.empty())
    return RecordVariant{std::string(furthest), untagged + "no variant's rules keep every move; read as " +
                                                    std::string(furthest) + ", whose rules keep the first " +
                                                    std::to_string(most)};
  return RecordVariant{std::string(fitting.front()), untagged + "the record fits " + listed(fitting) +
                                                         " draughts alike; read as " +
                                                         std::string(fitting.front())};
}

}  // namespace qi::checkers
