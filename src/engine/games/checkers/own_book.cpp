// English checkers' own opening book (engine/own_book.h): the positions of
// the first plies, each with the move of a long search by level 10
// (own_book_english.inc, made by bench/build_book.cpp; docs/strength.md,
// *An opening book*).
#include "engine/own_book.h"

namespace qi::engine {
namespace {

// The last entry only ends the list, so that the file may be empty.
constexpr OwnBookEntry kEnglishOwnBook[] = {
#include "engine/games/checkers/own_book_english.inc"
    OwnBookEntry{}};

const bool own_book_registered = [] {
  register_own_book("checkers", "english", std::span(kEnglishOwnBook).first(std::size(kEnglishOwnBook) - 1));
  return true;
}();

}  // namespace
}  // namespace qi::engine
