// The run-time qi::Game for xiangqi (see core/game.h): moves are identified
// by ICCS coordinates and shown in Chinese notation; parse_move reads ICCS,
// WXF or Chinese; the record is PGN. Draws in xiangqi are automatic
// (repetition, natural move limit, no attacking material), so there are no
// draw claims. The natural move limit is a setting of the game.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/xiangqi/pgn.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {

class XiangqiGame final : public qi::Game {
 public:
  explicit XiangqiGame(int move_limit_plies = kDefaultMoveLimitPlies);

  std::string_view name() const override { return "xiangqi"; }
  std::unique_ptr<Game> clone() const override { return std::make_unique<XiangqiGame>(*this); }

  void reset() override;
  Status set_fen(std::string_view fen) override;
  std::string fen() const override { return pos_.fen(); }
  std::string start_fen() const override { return std::string(kStartFen); }
  Side side_to_move() const override { return pos_.side_to_move(); }
  std::string side_name(Side side) const override { return side == kRed ? "Red" : "Black"; }

  std::vector<MoveText> legal_moves() const override;
  Expected<MoveText> parse_move(std::string_view text) const override;
  std::vector<MoveText> moves_played() const override { return played_; }

  MoveText builtin_move() const override;

  std::string board_text(bool flipped) const override;
  std::string record() const override;

  std::uint64_t perft(int depth) const override;
  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override;

  // --- Xiangqi only -------------------------------------------------------
  // Replaces the game by a PGN record (ICCS, WXF or Chinese moves); on
  // error nothing changes.
  Status load_record(std::string_view pgn);
  std::string chinese_moves() const;  // "1. 炮二平五 马８进７\n..."
  const Position& position() const { return pos_; }
  int move_limit_plies() const { return move_limit_plies_; }

 protected:
  void push(const MoveText& move) override;
  bool pop() override;
  Outcome rules_outcome() const override;

 private:
  MoveText text_of(Move m) const;

  int move_limit_plies_;
  Position start_;
  Position pos_;
  std::vector<Move> moves_;
  std::vector<MoveText> played_;
};

std::unique_ptr<qi::Game> make_game(int move_limit_plies = kDefaultMoveLimitPlies);

}  // namespace qi::xiangqi
