// The four rule sets of the checkers family as compile-time traits. One
// rules engine (Position<V>, MoveGenerator<V>) is instantiated once per
// variant, so every difference below is settled by `if constexpr` and the
// hot loop carries no run-time rule checks.
//
//              board  first   men capture  kings   capture choice  man crowned mid-capture
// english      8x8    Black   forward      short   free            the move ends there
// russian      8x8    White   both ways    flying  free            goes on as a king
// brazilian    8x8    White   both ways    flying  most pieces     not crowned (passes through)
// international 10x10 White   both ways    flying  most pieces     not crowned (passes through)
//
// Records (PDN 3.0, GameType): English and international write square
// numbers with '-' and 'x' (11-15, 22x15); Russian and Brazilian write
// algebraic names (c3-d4), capturing with ':' (Russian, c3:e5) or 'x'
// (Brazilian, c3xe5).
#pragma once

#include <cstddef>
#include <string_view>

namespace qi::checkers {

// Who moves first. Black always starts on the low-numbered squares (1-12,
// 1-20) and moves toward the high numbers; White the other way.
enum class Colour : unsigned char { White, Black };

// How a variant counts capture moves that take the same pieces from the same
// square to the same square by different routes.
enum class DuplicateCaptures : unsigned char {
  Distinct,  // every jump path is its own move (English, as Aart Bik counts)
  Merged,    // one move per (from, to, captured set) (FMJD and its family)
};

struct English {
  static constexpr std::string_view name = "english";
  static constexpr int size = 8;
  static constexpr Colour first = Colour::Black;
  static constexpr bool men_capture_backward = false;
  static constexpr bool flying_kings = false;
  static constexpr bool majority_capture = false;
  static constexpr bool crown_mid_capture = false;  // moot: men only go forward
  static constexpr DuplicateCaptures duplicates = DuplicateCaptures::Distinct;
  static constexpr int pdn_game_type = 21;
  static constexpr bool pdn_algebraic = false;  // records write square numbers (22-18)
  static constexpr char pdn_capture = 'x';
  static constexpr std::size_t max_moves = 128;
};

struct Russian {
  static constexpr std::string_view name = "russian";
  static constexpr int size = 8;
  static constexpr Colour first = Colour::White;
  static constexpr bool men_capture_backward = true;
  static constexpr bool flying_kings = true;
  static constexpr bool majority_capture = false;
  static constexpr bool crown_mid_capture = true;
  static constexpr DuplicateCaptures duplicates = DuplicateCaptures::Merged;
  static constexpr int pdn_game_type = 25;
  static constexpr bool pdn_algebraic = true;  // records write c3-d4, not 22-18
  static constexpr char pdn_capture = ':';
  static constexpr std::size_t max_moves = 256;
};

// Russian rules counted the way the published Russian perft tables count
// them: every jump path is its own move, so two routes that take the same
// pieces from the same square to the same square count twice. Perft only; no
// game is played under it (a game identifies such moves, as Russian does).
struct RussianPaths : Russian {
  static constexpr std::string_view name = "russian_paths";
  static constexpr DuplicateCaptures duplicates = DuplicateCaptures::Distinct;
};

struct Brazilian {
  static constexpr std::string_view name = "brazilian";
  static constexpr int size = 8;
  static constexpr Colour first = Colour::White;
  static constexpr bool men_capture_backward = true;
  static constexpr bool flying_kings = true;
  static constexpr bool majority_capture = true;
  static constexpr bool crown_mid_capture = false;
  static constexpr DuplicateCaptures duplicates = DuplicateCaptures::Merged;
  static constexpr int pdn_game_type = 26;
  static constexpr bool pdn_algebraic = true;  // records write c3-d4, not 22-18
  static constexpr char pdn_capture = 'x';
  static constexpr std::size_t max_moves = 256;
};

// The FMJD rules: Brazilian's, on the 10×10 board with 20 men a side.
struct International : Brazilian {
  static constexpr std::string_view name = "international";
  static constexpr int size = 10;
  static constexpr int pdn_game_type = 20;
  static constexpr bool pdn_algebraic = false;
  static constexpr std::size_t max_moves = 512;
};

}  // namespace qi::checkers
