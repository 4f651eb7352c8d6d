#include "engine/book.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>

#include "engine/registry.h"

namespace qi::engine {
namespace {

struct Book {
  std::vector<std::string> lines;
  bool built = false;
  std::set<std::string> positions;  // every position on a line: the board and the side to move
  std::vector<std::string> unreadable;
};

std::mutex& books_mutex() {
  static std::mutex m;
  return m;
}

std::map<std::pair<std::string, std::string>, Book>& books() {
  static std::map<std::pair<std::string, std::string>, Book> all;
  return all;
}

std::string key(const Game& g) { return g.board_cells() + (g.side_to_move() == Side::First ? "|1" : "|2"); }

// Plays every line from the start once and keeps the positions on it.
Book* built_book(std::string_view game, std::string_view variant) {
  auto it = books().find({std::string(game), std::string(variant)});
  if (it == books().end()) return nullptr;
  Book& b = it->second;
  if (b.built) return &b;
  b.built = true;
  Expected<std::unique_ptr<Game>> made = make_game(game, variant);
  if (!made) return &b;
  for (const std::string& line : b.lines) {
    std::unique_ptr<Game> g = (*made)->clone();
    g->reset();
    b.positions.insert(key(*g));
    std::istringstream in(line);
    for (std::string text; in >> text;) {
      Expected<MoveText> m = g->parse_move(text);
      if (!m) {
        b.unreadable.push_back(line + ": " + text + ": " + m.error().message);
        break;
      }
      if (!g->play(m->id)) break;
      b.positions.insert(key(*g));
    }
  }
  return &b;
}

}  // namespace

void register_openings(std::string_view game, std::string_view variant, std::vector<std::string> lines) {
  std::lock_guard lock(books_mutex());
  books()[{std::string(game), std::string(variant)}] = Book{std::move(lines)};
}

const std::vector<std::string>* opening_lines(std::string_view game, std::string_view variant) {
  std::lock_guard lock(books_mutex());
  auto it = books().find({std::string(game), std::string(variant)});
  return it == books().end() ? nullptr : &it->second.lines;
}

std::vector<bool> book_moves(const Game& game) {
  const std::vector<MoveText> moves = game.moves_played();
  std::vector<bool> out(moves.size(), false);
  if (game.initial_fen() != game.start_fen()) return out;
  std::lock_guard lock(books_mutex());
  const Book* b = built_book(game.name(), game.variant());
  if (!b || b->positions.empty()) return out;
  std::unique_ptr<Game> g = game.clone();
  g->reset();
  bool was_book = b->positions.count(key(*g)) > 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!g->play(moves[i].id)) break;
    const bool is_book = b->positions.count(key(*g)) > 0;
    out[i] = was_book && is_book;
    was_book = is_book;
  }
  return out;
}

std::vector<std::string> unreadable_book_moves(std::string_view game, std::string_view variant) {
  std::lock_guard lock(books_mutex());
  const Book* b = built_book(game, variant);
  return b ? b->unreadable : std::vector<std::string>{};
}

}  // namespace qi::engine
