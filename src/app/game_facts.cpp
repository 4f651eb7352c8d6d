#include "app/game_facts.h"

#include <cctype>
#include <string>

#include "games/chess/position.h"
#include "games/xiangqi/position.h"

namespace qi::app {
namespace {

// The piece letters of the board field of a chess or xiangqi FEN, with the
// square colour of each chess piece (for bishops).
struct Material {
  std::string first, second;                    // lower-case letters of each side's pieces
  int bishop_colours[2][2] = {{0, 0}, {0, 0}};  // [side][square colour]
};

Material material_of(const std::string& fen, int files) {
  Material m;
  int rank = 0, file = 0;
  for (char c : fen) {
    if (c == ' ') break;
    if (c == '/') {
      ++rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      file += c - '0';
    } else {
      bool first = std::isupper(static_cast<unsigned char>(c));
      char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      (first ? m.first : m.second) += lower;
      if (lower == 'b' && files == 8) ++m.bishop_colours[first ? 0 : 1][(rank + file) % 2];
      ++file;
    }
  }
  return m;
}

bool chess_could_win(const Material& m, Side side) {
  const std::string& own = side == Side::First ? m.first : m.second;
  const std::string& their = side == Side::First ? m.second : m.first;
  int s = index(side);
  int knights = 0, bishops = 0;
  for (char c : own) {
    if (c == 'p' || c == 'r' || c == 'q') return true;
    knights += c == 'n';
    bishops += c == 'b';
  }
  bool they_have_bare_king = their == "k";
  if (knights + bishops == 0) return false;
  if (knights + bishops == 1) return !they_have_bare_king;
  bool bishops_one_colour = knights == 0 && (m.bishop_colours[s][0] == 0 || m.bishop_colours[s][1] == 0);
  return !(bishops_one_colour && they_have_bare_king);
}

bool xiangqi_could_win(const Material& m, Side side) {
  const std::string& own = side == Side::First ? m.first : m.second;
  return own.find_first_of("rnhcp") != std::string::npos;
}

}  // namespace

bool side_to_move_in_check(const Game& game) {
  if (game.name() == "chess") {
    auto pos = chess::Position::from_fen(game.fen());
    return pos && pos->in_check();
  }
  if (game.name() == "xiangqi") {
    auto pos = xiangqi::Position::from_fen(game.fen());
    return pos && pos->in_check();
  }
  return false;
}

bool could_still_win(const Game& game, Side side) {
  if (game.name() == "chess") return chess_could_win(material_of(game.fen(), 8), side);
  if (game.name() == "xiangqi") return xiangqi_could_win(material_of(game.fen(), 9), side);
  return true;
}

}  // namespace qi::app
