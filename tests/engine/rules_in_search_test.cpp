// The search scores the draws of the rules as the rules declare them: along
// random games from endings where the count rules come into play, every
// position the game declares drawn by a count (move limits, no material,
// checkers' endgame counts, chess's fifty moves that either side may claim)
// is a draw to the search's rule hook (the traits' rule_score, with the
// counters the engine carries along its line), and the hook declares no
// draw the game does not.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/random.h"
#include "engine/games/checkers/traits.h"
#include "engine/games/chess/traits.h"
#include "engine/games/tictactoe/traits.h"
#include "engine/games/xiangqi/traits.h"
#include "engine/registry.h"
#include "engine/search.h"
#include "games/checkers/endings.h"
#include "games/chess/endings.h"
#include "games/xiangqi/endings.h"

namespace qi::engine {
namespace {

// The endings each game declares drawn by a count rather than by a
// repetition or a lack of moves.
bool is_count_draw(const Termination& t) {
  static constexpr std::array kCountDraws = {
      chess::endings::SeventyFiveMoves,   chess::endings::DeadPosition,
      xiangqi::endings::MoveLimit,        xiangqi::endings::NoAttackingMaterial,
      checkers::endings::FortyMoveRule,   checkers::endings::TwentyFiveMoveRule,
      checkers::endings::TwentyMoveRule,  checkers::endings::FifteenMoveRule,
      checkers::endings::SixteenMoveRule, checkers::endings::FiveMoveRule,
      checkers::endings::ThreeKingsRule,  checkers::endings::KingEndingRule,
  };
  return std::find(kCountDraws.begin(), kCountDraws.end(), t) != kCountDraws.end();
}

// The search's view of the line: the state and the draw-rule counts it
// carries, moved along with the game.
template <class T>
class SearchLine {
 public:
  explicit SearchLine(const Game& game) : state_(T::from_fen(game.fen()).value()) {
    if constexpr (T::kFeatures.rule_state) rules_ = T::start_rule_state(state_);
  }
  void make(const std::string& id) {
    Expected<typename T::Move> m = T::parse_move(state_, id);
    ASSERT_TRUE(m) << id << ": " << m.error().message;
    const bool irreversible = T::irreversible(state_, *m);
    T::make(state_, *m);
    reversible_ = irreversible ? 0 : reversible_ + 1;
    if constexpr (T::kFeatures.rule_state) rules_ = T::next_rule_state(rules_, state_, irreversible);
  }
  bool draws() const {
    if constexpr (T::kFeatures.rule_state)
      return T::rule_score(state_, rules_, 1) == kDraw;
    else
      return T::rule_score(state_, 1, reversible_) == kDraw;
  }

 private:
  typename T::State state_;
  typename RuleStateOf<T>::type rules_{};
  int reversible_ = 0;
};

std::size_t pieces(const Game& g) {
  const std::string cells = g.board_cells();
  return cells.size() - static_cast<std::size_t>(std::count(cells.begin(), cells.end(), '.'));
}

// Random games from each start; returns how many positions the rules
// declared drawn by a count (so that the test is seen to test something).
template <class T>
int compare_along_random_games(const std::string& name, const std::string& variant,
                               const std::vector<std::string>& starts, int games, int max_plies) {
  SplitMix64 rng(2024);
  int count_draws = 0;
  for (const std::string& fen : starts)
    for (int g = 0; g < games; ++g) {
      std::unique_ptr<Game> game = make_game(name, variant).value();
      EXPECT_TRUE(game->set_fen(fen)) << fen;
      SearchLine<T> line(*game);
      std::set<std::string> seen{game->fen()};
      for (int ply = 0; ply <= max_plies; ++ply) {
        const Outcome rules = game->outcome();
        bool rules_draw = rules.over() && is_count_draw(rules.termination);
        for (const Outcome& claim : game->draw_claims())
          rules_draw |= claim.termination == chess::endings::FiftyMoves;
        count_draws += rules_draw;
        const std::string where = name + " " + variant + " from " + fen + ", at " + game->fen();
        if (line.draws() != rules_draw) {
          ADD_FAILURE() << where << ": the search's rules " << (line.draws() ? "draw" : "go on")
                        << ", the game's "
                        << (rules.over() ? "say " + game->describe(rules) : std::string("go on"));
          break;
        }
        if (rules.over()) break;
        std::vector<MoveText> moves = game->legal_moves();
        // Mostly moves that take nothing, give nothing to take and lead to
        // a position not seen before, so that the counts run out before a
        // capture or a repetition ends the ending.
        std::vector<MoveText> quiet;
        for (const MoveText& m : moves) {
          std::unique_ptr<Game> after = game->clone();
          if (!after->play(m.id) || pieces(*after) != pieces(*game) || seen.count(after->fen())) continue;
          bool safe = true;
          for (const MoveText& reply : after->legal_moves()) {
            std::unique_ptr<Game> next = after->clone();
            safe &= next->play(reply.id) && pieces(*next) == pieces(*after);
          }
          if (safe) quiet.push_back(m);
        }
        const std::vector<MoveText>& pick_from = quiet.empty() || rng.below(8) == 0 ? moves : quiet;
        const std::string id = pick_from[rng.below(pick_from.size())].id;
        if (!game->play(id)) {
          ADD_FAILURE() << where << ": " << id << " does not play";
          return count_draws;
        }
        line.make(id);
        seen.insert(game->fen());
      }
    }
  return count_draws;
}

// The same comparison along given moves.
template <class T>
void compare_along(const std::string& name, const std::string& fen, const std::vector<std::string>& moves,
                   Termination at_the_end) {
  std::unique_ptr<Game> game = make_game(name).value();
  ASSERT_TRUE(game->set_fen(fen)) << fen;
  SearchLine<T> line(*game);
  for (const std::string& id : moves) {
    ASSERT_TRUE(game->play(id)) << id;
    line.make(id);
  }
  const Outcome rules = game->outcome();
  EXPECT_EQ(rules.termination, at_the_end) << game->describe(rules);
  bool rules_draw = rules.over() && is_count_draw(rules.termination);
  for (const Outcome& claim : game->draw_claims())
    rules_draw |= claim.termination == chess::endings::FiftyMoves;
  EXPECT_EQ(line.draws(), rules_draw) << name << " " << fen << ": " << game->describe(rules);
}

TEST(RulesInSearch, EveryGamesDrawScoringAgreesWithItsRules) {
  // A mate on the move that reaches a count is a mate, to the rules and the
  // search alike (the rules judge mate first).
  compare_along<ChessTraits>("chess", "k7/8/1K6/8/8/8/8/7R w - - 149 100", {"h1h8"},
                             chess::endings::Checkmate);
  compare_along<ChessTraits>("chess", "k7/8/1K6/8/8/8/8/7R w - - 99 100", {"h1h8"},
                             chess::endings::Checkmate);
  compare_along<ChessTraits>("chess", "k7/8/1K6/8/8/8/8/7R w - - 149 100", {"h1h2"},
                             chess::endings::SeventyFiveMoves);
  compare_along<XiangqiTraits>("xiangqi", "3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 119 60", {"b1b9"},
                               xiangqi::endings::Checkmate);
  compare_along<XiangqiTraits>("xiangqi", "3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 119 60", {"a8a7"},
                               xiangqi::endings::MoveLimit);
  {
    // Draughts: a side blocked when the forty moves run out has lost (the
    // game judges the lack of moves first, CheckersRules.NoLegalMoveLoses).
    using T = CheckersTraits<checkers::English>;
    checkers::DrawCounters run_out;
    run_out.quiet = 80;
    const T::State blocked = T::from_fen("B:W16,19:B12").value();
    ASSERT_FALSE(blocked.has_legal_move());
    EXPECT_NE(T::rule_score(blocked, run_out, 1), kDraw);
    EXPECT_EQ(T::rule_score(T::from_fen("B:WK16,K19:BK12").value(), run_out, 1), kDraw);
  }

  // Chess: fifty moves (a claim, scored a draw), seventy-five, dead positions.
  EXPECT_GT(compare_along_random_games<ChessTraits>(
                "chess", "",
                {"4k3/8/8/8/8/8/8/R3K3 w - - 90 80", "4k3/8/8/3b4/8/8/8/R3K3 w - - 140 100",
                 "4k3/8/8/8/8/8/1n6/2B1K3 b - - 0 1"},
                6, 80),
            0);
  // Xiangqi: the natural move limit and no attacking material.
  EXPECT_GT(compare_along_random_games<XiangqiTraits>(
                "xiangqi", "",
                {"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 100 60", "3k5/4a4/9/9/9/9/9/9/4A4/R3K4 w - - 90 50",
                 "3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1"},
                6, 60),
            0);
  // Checkers and draughts: each federation's counts.
  EXPECT_GT(compare_along_random_games<CheckersTraits<checkers::English>>(
                "checkers", "english", {"B:WK32,K31:BK1,K2", "B:WK32,K31,30:BK1,K2,5"}, 3, 90),
            0);
  EXPECT_GT(compare_along_random_games<CheckersTraits<checkers::International>>(
                "checkers", "international",
                {"W:WK46,K47,K48:BK3", "W:WK46,K47:BK3", "W:WK46,K47,K48,K49:BK1,K2,K3,K4"}, 3, 60),
            0);
  EXPECT_GT(compare_along_random_games<CheckersTraits<checkers::Brazilian>>("checkers", "brazilian",
                                                                            {"W:WK29,K30:BK1,K2"}, 3, 50),
            0);
  EXPECT_GT(
      compare_along_random_games<CheckersTraits<checkers::Russian>>(
          "checkers", "russian",
          {"W:WK29,K30,K31:BK1,K2,K3", "W:WK30,K31,K32,21:BK1", "W:WK30:BK1,K3", "W:WK29,21:BK3,12"}, 3, 60),
      0);
  // Tic-tac-toe has no count rules: the hook never draws.
  EXPECT_EQ(compare_along_random_games<TictactoeTraits>("tictactoe", "", {".../.../... x"}, 20, 9), 0);
}

}  // namespace
}  // namespace qi::engine
