// UCI long algebraic notation: from-square, to-square, and a promotion letter.
#include "core/utf8.h"
#include "games/chess/position.h"

namespace qi::chess {

std::string to_uci(Move m) {
  if (m.is_none()) return "0000";
  std::string out = square_name(m.from()) + square_name(m.to());
  if (m.kind() == Move::Promotion) out += "  nbrq"[m.promotion()];
  return out;
}

std::string to_uci(const Position& pos, Move m) {
  if (m.kind() == Move::Castling && pos.chess960())
    return square_name(m.from()) + square_name(pos.castling_rook(m).from);
  return to_uci(m);
}

Move Position::find_move(Square from, Square to, PieceType promotion) const {
  // Castling written as the king taking its own rook (e1h1, as Chess960
  // writes it): the castling move of the right whose rook stands there.
  Square target = to;
  bool castles = false;
  if (piece_on(from) == make_piece(side_, King) && piece_on(to) == make_piece(side_, Rook) &&
      promotion == NoPieceType)
    for (bool king_side : {true, false})
      if ((st_.castling & castling_right(side_, king_side)) && castling_rook_square(side_, king_side) == to) {
        target = castling_king_to(side_, king_side);
        castles = true;
      }
  MoveList moves;
  generate_legal(moves);
  for (Move m : moves)
    if (m.from() == from && m.to() == target && (m.kind() == Move::Castling) == castles &&
        (m.kind() == Move::Promotion ? m.promotion() : NoPieceType) == promotion)
      return m;
  // A king's move onto its castling target is castling only where no plain
  // king move goes there (in Chess960 a king on f1 may step to g1).
  if (!castles && promotion == NoPieceType)
    for (Move m : moves)
      if (m.kind() == Move::Castling && m.from() == from && m.to() == target) return m;
  return Move::none();
}

Expected<Move> Position::parse_uci(std::string_view text) const {
  // Quotes text for a message (bytes that are not UTF-8 as \xNN).
  auto printable = [](std::string_view part) { return "'" + qi::printable(part.substr(0, 16)) + "'"; };
  auto fail = [&](const std::string& why) {
    std::string message = "UCI move ";
    message += printable(text);
    message += ": ";
    message += why;
    return make_error(message);
  };
  if (text == "0000") return fail("a null move is not a legal move");
  if (text.size() != 4 && text.size() != 5)
    return fail("expected a from-square, a to-square and an optional promotion letter, like e2e4 or e7e8q");
  const std::optional<Square> from = parse_square(text.substr(0, 2));
  const std::optional<Square> to = parse_square(text.substr(2, 2));
  if (!from) return fail(printable(text.substr(0, 2)) + " is not a square");
  if (!to) return fail(printable(text.substr(2, 2)) + " is not a square");
  PieceType promotion = NoPieceType;
  if (text.size() == 5) {
    switch (text[4]) {
      case 'q':
      case 'Q':
        promotion = Queen;
        break;
      case 'r':
      case 'R':
        promotion = Rook;
        break;
      case 'b':
      case 'B':
        promotion = Bishop;
        break;
      case 'n':
      case 'N':
        promotion = Knight;
        break;
      default:
        return fail("unknown promotion letter; use q, r, b or n");
    }
  }

  const Piece piece = piece_on(*from);
  if (piece == NoPiece) return fail("there is no piece on " + square_name(*from));
  if (color_of(piece) != side_)
    return fail("the piece on " + square_name(*from) + " is not " + (side_ == White ? "White's" : "Black's") +
                ", and " + (side_ == White ? "White" : "Black") + " is to move");

  if (Move m = find_move(*from, *to, promotion); !m.is_none()) return m;
  if (promotion == NoPieceType && !find_move(*from, *to, Queen).is_none())
    return fail("a pawn reaching the last rank must promote: add q, r, b or n");
  if (promotion != NoPieceType) return fail("only a pawn reaching the last rank promotes");
  return fail("not a legal move here");
}

}  // namespace qi::chess
