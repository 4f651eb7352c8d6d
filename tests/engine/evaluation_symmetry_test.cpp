// The evaluations do not favour a colour: a position and its mirror image
// (the board turned over, the colours and the side to move swapped) get the
// same score for the side to move. The positions come from random games, so
// every term of the evaluation (and every tuned weight) takes part.
#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/games/checkers/eval.h"
#include "engine/games/checkers/international_eval.h"
#include "engine/games/chess/eval.h"
#include "engine/games/chess/nnue.h"
#include "engine/games/xiangqi/eval.h"
#include "engine/games/xiangqi/nnue.h"
#include "games/chess/position.h"
#include "games/xiangqi/position.h"

namespace qi::engine::test {
namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, sep);) parts.push_back(part);
  return parts;
}

std::string swap_case(std::string s) {
  for (char& c : s) c = std::isupper(static_cast<unsigned char>(c)) ? std::tolower(c) : std::toupper(c);
  return s;
}

// The board of a FEN with its ranks in reverse order and the colours swapped.
std::string mirrored_board(const std::string& board) {
  std::vector<std::string> ranks = split(board, '/');
  std::string out;
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) out += (out.empty() ? "" : "/") + swap_case(*it);
  return out;
}

std::string mirror_chess_fen(const std::string& fen) {
  std::vector<std::string> f = split(fen, ' ');
  // The rights swap colours; a FEN lists them in the order KQkq.
  const std::string swapped = swap_case(f[2]);
  std::string castling;
  for (char c : std::string("KQkq"))
    if (swapped.find(c) != std::string::npos) castling += c;
  if (castling.empty()) castling = "-";
  std::string ep = f[3];
  if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
  return mirrored_board(f[0]) + (f[1] == "w" ? " b " : " w ") + castling + " " + ep + " " + f[4] + " " + f[5];
}

std::string mirror_xiangqi_fen(const std::string& fen) {
  std::vector<std::string> f = split(fen, ' ');
  return mirrored_board(f[0]) + (f[1] == "w" ? " b" : " w") + " - - " + f[4] + " " + f[5];
}

// Evaluates every position of `games` random games from the start against
// its mirror image.
template <class Position, class Evaluate, class Mirror>
void expect_symmetric(Evaluate evaluate, Mirror mirror, int games) {
  std::mt19937 rng(20261130);
  int checked = 0;
  for (int g = 0; g < games; ++g) {
    Position pos;
    for (int ply = 0; ply < 120; ++ply) {
      const std::string fen = pos.fen();
      auto mirrored = Position::from_fen(mirror(fen));
      ASSERT_TRUE(mirrored.has_value()) << fen;
      ASSERT_EQ(evaluate(pos), evaluate(*mirrored)) << fen << " against " << mirror(fen);
      ++checked;
      typename Position::MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  EXPECT_GT(checked, games * 10);
}

TEST(EvaluationSymmetry, ChessMirroredPositionsScoreTheSame) {
  expect_symmetric<chess::Position>([](const chess::Position& p) { return chess_eval::evaluate(p); },
                                    mirror_chess_fen, 40);
}

TEST(EvaluationSymmetry, ChessNetworkMirroredPositionsScoreTheSame) {
  expect_symmetric<chess::Position>([](const chess::Position& p) { return chess_nnue::evaluate(p); },
                                    mirror_chess_fen, 40);
}

TEST(EvaluationSymmetry, XiangqiMirroredPositionsScoreTheSame) {
  expect_symmetric<xiangqi::Position>([](const xiangqi::Position& p) { return xiangqi_eval::evaluate(p); },
                                      mirror_xiangqi_fen, 40);
}

TEST(EvaluationSymmetry, XiangqiNetworkMirroredPositionsScoreTheSame) {
  expect_symmetric<xiangqi::Position>([](const xiangqi::Position& p) { return xiangqi_nnue::evaluate(p); },
                                      mirror_xiangqi_fen, 40);
}

// Draughts: the board turned round (square s is N*N/2 + 1 - s), each man
// and king given to the other side, the other side to move.
template <class Position>
Position turned_round(const Position& pos) {
  using Geo = typename Position::Geo;
  Position out;
  out.set_side_to_move(~pos.side_to_move());
  for (Side side : {Side::First, Side::Second})
    for (checkers::Bitboard b = pos.pieces(side); b; b &= b - 1) {
      const int bit = checkers::lsb(b);
      out.put(~side, Geo::squares + 1 - Geo::square_of(bit), (pos.kings() & checkers::bit(bit)) != 0);
    }
  return out;
}

// Random games from the start: every position scores the same turned round.
template <class Position, class Evaluate>
void expect_turned_round_symmetric(Evaluate evaluate, int plies) {
  std::mt19937 rng(20261203);
  int checked = 0, with_kings = 0;
  for (int g = 0; g < 60; ++g) {
    auto pos = Position::start();
    for (int ply = 0; ply < plies; ++ply) {
      const Position mirrored = turned_round(pos);
      ASSERT_EQ(evaluate(pos), evaluate(mirrored)) << ply;
      ++checked;
      with_kings += pos.kings() != 0;
      typename Position::MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(with_kings, 100);
}

TEST(EvaluationSymmetry, CheckersTurnedRoundPositionsScoreTheSame) {
  expect_turned_round_symmetric<checkers_eval::EnglishPosition>(
      [](const checkers_eval::EnglishPosition& p) { return checkers_eval::evaluate(p); }, 150);
}

// The shipped patterns may leave most arrangements at zero: with a random
// weight for every arrangement, a block read from the wrong side would show.
TEST(EvaluationSymmetry, CheckersPatternsScoreTurnedRoundPositionsTheSame) {
  checkers_eval::CheckersWeights weights = checkers_eval::default_weights();
  std::mt19937 rng(20261205);
  for (auto& p : weights.pattern)
    p = {std::uniform_int_distribution<int>(-60, 60)(rng), std::uniform_int_distribution<int>(-60, 60)(rng)};
  expect_turned_round_symmetric<checkers_eval::EnglishPosition>(
      [&](const checkers_eval::EnglishPosition& p) { return checkers_eval::evaluate(p, weights); }, 150);
}

TEST(EvaluationSymmetry, InternationalDraughtsTurnedRoundPositionsScoreTheSame) {
  expect_turned_round_symmetric<international_eval::InternationalPosition>(
      [](const international_eval::InternationalPosition& p) { return international_eval::evaluate(p); },
      250);
}

}  // namespace
}  // namespace qi::engine::test
