// Move text on arbitrary bytes: the first byte picks one of a few positions
// (rich in castling, en passant, promotion, pins and checks; two of them
// Chess960), the rest is read as UCI or SAN, as a player's text and as a
// record's. It must never crash; every refusal carries a message in valid
// UTF-8; a record reads every move a player's text names, the same move;
// an accepted move writes back to SAN that reads as the same move, and
// playing and taking it back through the game leaves everything as before.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "core/record.h"
#include "core/referee.h"
#include "core/utf8.h"
#include "games/chess/chess_game.h"
#include "games/chess/position.h"
#include "games/chess/san.h"

namespace {

void check(bool condition) {
  if (!condition) __builtin_trap();
}

// The game's record as the app writes it.
std::string record_text(const qi::Game& game) {
  return qi::write_record(qi::record_of(qi::Referee(game.clone())), game);
}

struct Start {
  std::string_view fen;
  qi::chess::Variant variant = qi::chess::Variant::Standard;
};

constexpr Start kPositions[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
    {"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1"},
    {"rnbqkb1r/ppp1pppp/3p1n2/8/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 1 3"},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"},
    {"k7/8/1K6/8/8/8/8/7R w - - 149 100"},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1", qi::chess::Variant::Chess960},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", qi::chess::Variant::Chess960},
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qi::chess;
  if (size == 0 || size > 64) return 0;
  const Start& at = kPositions[data[0] % std::size(kPositions)];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  Position pos = *Position::from_fen(at.fen, at.variant);
  const std::string start = pos.fen();  // FEN drops an en passant square no pawn can use
  MoveTextError why;
  qi::Expected<Move> move = parse_move_text(pos, text, &why);
  qi::Expected<Move> as_record = parse_move_text(pos, text, nullptr, {}, Reading::Record);
  if (!as_record) check(!as_record.error().message.empty() && qi::is_valid_utf8(as_record.error().message));
  if (as_record && as_record->is_none()) check(!pos.in_check());  // a record's null move, never in check
  if (!move) {
    check(!move.error().message.empty() && qi::is_valid_utf8(move.error().message));
    check(move.error().message == why.message());
  } else {
    check(as_record.has_value() && *as_record == *move);
    check(pos.is_legal(*move));
    const std::string san = to_san(pos, *move);
    qi::Expected<Move> again = parse_san(pos, san);
    check(again.has_value() && *again == *move);
    qi::Expected<Move> by_uci = pos.parse_uci(to_uci(pos, *move));
    check(by_uci.has_value() && *by_uci == *move);
    const std::uint64_t hash = pos.hash();
    pos.make(*move);
    pos.unmake(*move);
    check(pos.hash() == hash && pos.fen() == start);
  }

  std::unique_ptr<qi::Game> game = make_game(at.variant == Variant::Chess960 ? kChess960Name : "");
  check(game->set_fen(at.fen).has_value());
  const std::string record = record_text(*game);
  qi::Expected<qi::MoveText> played = game->play(text);
  check(played.has_value() == move.has_value());
  if (played) {
    check(game->moves_played().size() == 1);
    check(game->undo());
  } else {
    check(!played.error().message.empty() && qi::is_valid_utf8(played.error().message));
  }
  check(game->fen() == start);
  check(record_text(*game) == record);
  check(game->moves_played().empty());
  return 0;
}
