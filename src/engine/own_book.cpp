#include "engine/own_book.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <unordered_map>

namespace qi::engine {
namespace {

struct LoadedBook {
  std::span<const OwnBookEntry> entries;
  std::unordered_map<std::string_view, const OwnBookEntry*> by_position;
};

std::mutex& own_books_mutex() {
  static std::mutex m;
  return m;
}

std::map<std::pair<std::string, std::string>, LoadedBook, std::less<>>& own_books() {
  static std::map<std::pair<std::string, std::string>, LoadedBook, std::less<>> all;
  return all;
}

const LoadedBook* find_own_book(std::string_view game, std::string_view variant) {
  auto it = own_books().find(std::pair{std::string(game), std::string(variant)});
  return it == own_books().end() ? nullptr : &it->second;
}

}  // namespace

void register_own_book(std::string_view game, std::string_view variant,
                       std::span<const OwnBookEntry> entries) {
  LoadedBook book{entries, {}};
  for (const OwnBookEntry& e : entries) book.by_position.emplace(e.position, &e);
  std::lock_guard lock(own_books_mutex());
  own_books()[std::pair{std::string(game), std::string(variant)}] = std::move(book);
}

std::span<const OwnBookEntry> own_book(std::string_view game, std::string_view variant) {
  std::lock_guard lock(own_books_mutex());
  const LoadedBook* book = find_own_book(game, variant);
  return book ? book->entries : std::span<const OwnBookEntry>{};
}

std::optional<OwnBookEntry> own_book_move(const Game& game) {
  std::optional<OwnBookEntry> found;
  {
    std::lock_guard lock(own_books_mutex());
    const LoadedBook* book = find_own_book(game.name(), game.variant());
    if (!book || book->entries.empty()) return std::nullopt;
    const std::string fen = game.fen();
    auto it = book->by_position.find(fen);
    if (it == book->by_position.end()) return std::nullopt;
    found = *it->second;
  }
  const std::vector<MoveText> legal = game.legal_moves();
  if (std::none_of(legal.begin(), legal.end(), [&](const MoveText& m) { return m.id == found->move; }))
    return std::nullopt;
  return found;
}

}  // namespace qi::engine
