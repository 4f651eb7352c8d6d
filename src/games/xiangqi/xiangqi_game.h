// The run-time qi::Game for xiangqi (see core/game.h): moves are identified
// by ICCS coordinates and shown in Chinese notation; parse_move reads ICCS,
// WXF, Chinese or WinBoard's SAN (notation.h). The draws of xiangqi come by themselves (the natural move
// limit, no attacking material, a repetition that goes on) or by a claim (a
// repetition in which neither side broke a rule: rules.h). The natural move
// limit is a setting of the game; what a page needs is in descriptor.cpp.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/game_descriptor.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {

const GameDescriptor& descriptor();

class XiangqiGame final : public qi::Game {
 public:
  explicit XiangqiGame(int move_limit_plies = kDefaultMoveLimitPlies);

  std::string_view name() const override { return "xiangqi"; }
  const VariantDescriptor& descriptor() const override { return xiangqi::descriptor().variants.front(); }
  std::unique_ptr<Game> clone() const override { return std::make_unique<XiangqiGame>(*this); }

  void reset() override;
  Status set_fen(std::string_view fen) override;
  std::string fen() const override { return pos_.fen(); }
  std::string start_fen() const override { return std::string(kStartFen); }
  std::string initial_fen() const override { return start_.fen(); }
  Side side_to_move() const override { return pos_.side_to_move(); }
  int move_number() const override { return pos_.fullmove_number(); }
  std::string board_cells() const override;
  std::optional<std::string> checked_square() const override;
  std::optional<std::string> fen_after_pass() const override;

  std::vector<MoveText> legal_moves() const override;
  Expected<MoveText> parse_move(std::string_view text) const override;
  // Every reading's move (notation.h moves_named): WXF's "33.4" read by the
  // WXF rules and as Fairy-Stockfish writes it, SAN's ranks counted 0-9
  // (WinBoard) and 1-10 (Fairy-Stockfish).
  std::vector<MoveText> moves_matching(std::string_view text) const override;
  std::vector<MoveText> moves_played() const override { return played_; }

  Outcome outcome() const override;
  std::vector<Outcome> draw_claims() const override;
  bool can_win(Side side) const override;
  Expected<std::string> handicap_fen(std::string_view name, Side giver) const override;

  std::string board_text(bool flipped) const override;
  RecordDialect record_dialect() const override;
  std::string record_move_text(const MoveText& m) const override;

  std::uint64_t perft(int depth) const override;
  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override;

  // --- Xiangqi only -------------------------------------------------------
  const Position& position() const { return pos_; }
  int move_limit_plies() const { return move_limit_plies_; }

 protected:
  void push(const MoveText& move) override;
  bool pop() override;

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
