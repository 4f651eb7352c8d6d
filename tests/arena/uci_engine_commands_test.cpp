// What the arena says to an outside UCI engine for each game and variant
// comes from the game's registration (GameRegistration::protocols): the
// option that names the game, startpos or a FEN, and the squares' coordinates.
#include <gtest/gtest.h>

#include "arena/uci_engine.h"

namespace qi::arena {
namespace {

// The protocol's words, without starting an engine.
class UciWords : public UciEngine {
 public:
  UciWords(std::string game, std::string variant)
      : UciEngine(EngineConfig{.game = std::move(game), .variant = std::move(variant)}) {}
  using UciEngine::game_options;
  using UciEngine::move_from_engine;
  using UciEngine::position_command;
};

MoveRequest from_start(std::string fen, std::vector<std::string> moves) {
  MoveRequest r;
  r.start_fen = std::move(fen);
  r.moves = std::move(moves);
  return r;
}

TEST(UciEngineWords, ChessNeedsNoOptionAndReadsStartpos) {
  UciWords chess("chess", "");
  EXPECT_TRUE(chess.game_options().empty());
  EXPECT_EQ(chess.position_command(from_start("any", {"e2e4"})), "position startpos moves e2e4");
  EXPECT_EQ(chess.move_from_engine("e7e5"), "e7e5");
}

TEST(UciEngineWords, Chess960IsAskedForByItsOption) {
  using Options = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(UciWords("chess", "chess960").game_options(), (Options{{"UCI_Chess960", "true"}}));
}

TEST(UciEngineWords, XiangqiIsSpokenInFairyStockfishsRanksFromAFen) {
  UciWords xiangqi("xiangqi", "");
  using Options = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(xiangqi.game_options(), (Options{{"UCI_Variant", "xiangqi"}}));
  const std::string start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  EXPECT_EQ(xiangqi.position_command(from_start(start, {"h2e2"})), "position fen " + start + " moves h3e3");
  EXPECT_EQ(xiangqi.move_from_engine("h10g8"), "h9g7");
}

TEST(UciEngineWords, EachDraughtsVariantIsNamedByUciVariant) {
  using Options = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(UciWords("checkers", "").game_options(), (Options{{"UCI_Variant", "checkers"}}));
  EXPECT_EQ(UciWords("checkers", "russian").game_options(), (Options{{"UCI_Variant", "russian"}}));
  EXPECT_EQ(UciWords("checkers", "international").position_command(from_start("any", {"32-28"})),
            "position startpos moves 32-28");
}

}  // namespace
}  // namespace qi::arena
