// Game records, one model for every game's PGN or PDN (core/record.h):
// reading plays the moves as recorded, noting where the rules would have
// ended the game; the record's result is kept; tags, comments, NAGs and
// variations survive a round trip; a finished game is written with its
// result and how it ended.
#include "core/record.h"
#include "games/chess/endings.h"
#include "games/xiangqi/endings.h"

#include <gtest/gtest.h>

#include "engine/registry.h"

namespace qi {
namespace {

std::unique_ptr<Game> new_game(const char* name, const char* variant = "") {
  auto g = make_game(name, variant);
  EXPECT_TRUE(g) << g.error().message;
  return std::move(*g);
}

// The first record of the text, read and replayed as `name`.
Expected<ReadGame> read(std::string_view text, const char* name, const char* variant = "") {
  RecordReader reader(text);
  Expected<std::optional<GameRecord>> tags = reader.next_tags();
  if (!tags) return tags.error();
  if (!*tags) return make_error("no record");
  std::unique_ptr<Game> g = new_game(name, variant);
  if (Status s = reader.read_movetext(**tags, g->record_dialect()); !s) return s.error();
  return read_game(std::move(**tags), std::move(g));
}

ReadGame read_ok(std::string_view text, const char* name, const char* variant = "") {
  Expected<ReadGame> r = read(text, name, variant);
  EXPECT_TRUE(r) << r.error().message << "\n" << text;
  if (!r) return {std::make_unique<Referee>(new_game(name, variant)), {}};
  return std::move(*r);
}

TEST(Records, RecordPlaysOnPastARulingAndKeepsItsResult) {
  // Chess: the start position for the fifth time after 16 plies (fivefold
  // repetition ends the game by itself), yet the players went on, and Black
  // resigned.
  ReadGame chess = read_ok(
      "[Event \"on past fivefold\"]\n"
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 e5 "
      "1-0\n",
      "chess");
  EXPECT_EQ(chess.referee->game().moves_played().size(), 18u) << "every recorded move is played";
  ASSERT_EQ(chess.record.rulings.size(), 1u);
  EXPECT_EQ(chess.record.rulings[0].ply, 16);
  EXPECT_EQ(chess.record.rulings[0].outcome.termination, chess::endings::FivefoldRepetition);
  EXPECT_EQ(chess.record.result, "1-0");
  EXPECT_EQ(chess.referee->outcome().verdict, Verdict::Win);
  EXPECT_EQ(chess.referee->outcome().winner, Side::First);
  EXPECT_EQ(chess.referee->outcome().termination, Termination::Resignation);

  // Xiangqi: Red checks perpetually until the cycle is judged (a loss for
  // Red), changes its move only after that, and the game is drawn.
  std::string moves;
  int ply = 0, judged_at = -1;
  {
    std::unique_ptr<Game> g = new_game("xiangqi");
    ASSERT_TRUE(g->set_fen("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1"));
    for (int cycle = 0; cycle < 10 && judged_at < 0; ++cycle)
      for (const char* m : {"a8a9", "d9d8", "a9a8", "d8d9"}) {
        ASSERT_TRUE(g->play(m));
        moves += std::string(m) + " ";
        ++ply;
        if (judged_at < 0 && g->outcome().over()) judged_at = ply;
      }
    ASSERT_GT(judged_at, 0) << "the perpetual check is never judged";
    ASSERT_EQ(g->outcome().termination, xiangqi::endings::PerpetualCheck);
  }
  ReadGame xiangqi = read_ok(
      "[Game \"Chinese Chess\"]\n[FEN \"3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n" + moves + "a8a7 1/2-1/2\n",
      "xiangqi");
  ASSERT_FALSE(xiangqi.record.rulings.empty());
  EXPECT_EQ(xiangqi.record.rulings[0].ply, judged_at);
  EXPECT_EQ(xiangqi.record.rulings[0].outcome.termination, xiangqi::endings::PerpetualCheck);
  EXPECT_EQ(xiangqi.record.rulings[0].outcome.winner, Side::Second);
  EXPECT_EQ(xiangqi.referee->game().moves_played().size(), static_cast<std::size_t>(ply + 1));
  EXPECT_EQ(xiangqi.record.result, "1/2-1/2");
  EXPECT_EQ(xiangqi.referee->outcome().verdict, Verdict::Draw);
}

TEST(Records, ResultTheRulesDidNotReachIsResignationOrAgreement) {
  auto outcome_of = [](std::string_view text, const char* name = "chess", const char* variant = "") {
    return read_ok(text, name, variant).referee->outcome();
  };
  // Where the rules ended the game, their verdict.
  EXPECT_EQ(outcome_of("1. f3 e5 2. g4 Qh4# 0-1").termination, chess::endings::Checkmate);
  // A win the position does not show: the loser resigned.
  Outcome white = outcome_of("1. e4 e5 1-0");
  EXPECT_EQ(white.termination, Termination::Resignation);
  EXPECT_EQ(white.winner, Side::First);
  Outcome black = outcome_of("1. e4 e5 0-1");
  EXPECT_EQ(black.termination, Termination::Resignation);
  EXPECT_EQ(black.winner, Side::Second);
  // ... or lost on time, when the Termination tag says so.
  Outcome time = outcome_of("[Termination \"time forfeit\"]\n1. e4 0-1");
  EXPECT_EQ(time.termination, Termination::Time);
  EXPECT_EQ(time.winner, Side::Second);
  // A draw: claimed where the rules allow a claim, else agreed.
  EXPECT_EQ(outcome_of("1. e4 e5 1/2-1/2").termination, Termination::Agreement);
  EXPECT_EQ(outcome_of("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2").termination,
            chess::endings::ThreefoldRepetition);
  // Unfinished: nothing is ruled.
  EXPECT_FALSE(outcome_of("1. e4 e5 *").over());
  // Draughts results go by turn order: in English checkers Black moves
  // first, and 1-0 is Black's win.
  Outcome draughts = outcome_of("[GameType \"21\"]\n1. 11-15 1-0", "checkers", "english");
  EXPECT_EQ(draughts.termination, Termination::Resignation);
  EXPECT_EQ(draughts.winner, Side::First);
}

// Two lines of moves are the same: text, id, NAGs, comments and variations.
void expect_same_line(const std::vector<RecordMove>& a, const std::vector<RecordMove>& b,
                      const std::string& where) {
  ASSERT_EQ(a.size(), b.size()) << where;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string at = where + " move " + std::to_string(i + 1);
    EXPECT_EQ(a[i].text, b[i].text) << at;
    EXPECT_EQ(a[i].id, b[i].id) << at;
    EXPECT_EQ(a[i].nags, b[i].nags) << at;
    EXPECT_EQ(a[i].comments, b[i].comments) << at;
    ASSERT_EQ(a[i].variations.size(), b[i].variations.size()) << at;
    for (std::size_t v = 0; v < a[i].variations.size(); ++v)
      expect_same_line(a[i].variations[v], b[i].variations[v], at + " variation " + std::to_string(v + 1));
  }
}

// The tags a writer does not put in a place of its own (roster, set-up,
// fixed tags), in their order.
Tags own_tags(const GameRecord& r, const Game& g) {
  const RecordDialect d = g.record_dialect();
  Tags out;
  for (const auto& [name, value] : r.tags) {
    bool placed = name == "Result" || name == "SetUp" || name == "FEN";
    for (const auto& [n, v] : d.roster) placed |= n == name;
    for (const auto& [n, v] : d.fixed_tags) placed |= n == name;
    if (!placed) out.emplace_back(name, value);
  }
  return out;
}

TEST(Records, TagsCommentsAndVariationsSurviveARoundTrip) {
  struct Case {
    const char* game;
    const char* variant;
    std::string text;
  };
  const Case cases[] = {
      {"chess", "",
       "[White \"Anderssen\"]\n[Opening \"King's Gambit\"]\n[Black \"Kieseritzky\"]\n[Annotator \"Qi\"]\n"
       "{Played in London} 1. e4 e5 2. f4 {the gambit} exf4 $1 (2... d5 {countering} 3. exd5 (3. Nf3) e4) "
       "3. Bc4 Qh4+!? 4. Kf1 b5 *\n"},
      {"xiangqi", "",
       "[Game \"Chinese Chess\"]\n[Red \"A\"]\n[Opening \"中炮\"]\n"
       "1. C2.5 {当头炮} H8+7 2. H2+3 (2. H8+7 R9.8 (2... C8.6)) R9.8 $3 3. R1.2 *\n"},
      {"checkers", "english",
       "[GameType \"21\"]\n[Black \"B\"]\n[Note \"a note\"]\n"
       "1. 11-15 {the Old Faithful} 23-19 (22-18 15x22 (12-16)) 2. 8-11 $1 22-17 *\n"},
  };
  for (const Case& c : cases) {
    ReadGame first = read_ok(c.text, c.game, c.variant);
    const Game& g = first.referee->game();
    const std::string written = write_record(first.record, g);
    ReadGame again = read_ok(written, c.game, c.variant);
    EXPECT_EQ(own_tags(again.record, g), own_tags(first.record, g)) << written;
    EXPECT_FALSE(own_tags(first.record, g).empty()) << c.game;
    EXPECT_EQ(again.record.opening_notes, first.record.opening_notes) << written;
    expect_same_line(first.record.moves, again.record.moves, c.game);
    // The variations are resolved from their branch points.
    ASSERT_GE(first.record.moves.size(), 3u) << c.game;
    bool resolved = false;
    for (const RecordMove& m : first.record.moves)
      for (const auto& v : m.variations) resolved |= !v.empty() && !v.front().id.empty();
    EXPECT_TRUE(resolved) << c.game;
    // And the game written twice is the same text.
    EXPECT_EQ(write_record(again.record, again.referee->game()), written);
  }
  // A variation that cannot be played from its branch point keeps its text,
  // all of it, and is written so.
  ReadGame odd = read_ok("1. e4 (1. Ke2 Ke7 {odd} 2. Kd3 $2) e5 *", "chess");
  ASSERT_EQ(odd.record.moves[0].variations.size(), 1u);
  const std::vector<RecordMove>& kept = odd.record.moves[0].variations[0];
  ASSERT_EQ(kept.size(), 3u);
  EXPECT_EQ(kept[0].text, "Ke2");
  EXPECT_TRUE(kept[0].id.empty());
  EXPECT_EQ(kept[1].comments, std::vector<std::string>{"odd"});
  EXPECT_EQ(kept[2].nags, std::vector<int>{2});
  const std::string written = write_record(odd.record, odd.referee->game());
  EXPECT_NE(written.find("(1. Ke2 Ke7 {odd} Kd3 $2)"), std::string::npos) << written;
  expect_same_line(read_ok(written, "chess").record.moves, odd.record.moves, "odd");
}

// A word kept from a variation that cannot be played is written as read;
// one that starts with '%' must not start a line, where PGN reads it as an
// escape and drops the rest of the line.
TEST(Records, KeptWordStartingWithPercentNeverStartsALine) {
  const std::string filler(70, 'x');
  const std::string text =
      "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n[SetUp \"1\"]\n\n30... Kd7 {comment} 31. e4 (%" + filler +
      "1. e3 ; line\n) Kc6 *\n";
  ReadGame first = read_ok(text, "chess");
  const std::string written = write_record(first.record, first.referee->game());
  EXPECT_EQ(written.find("\n%"), std::string::npos) << written;
  ReadGame again = read_ok(written, "chess");
  expect_same_line(first.record.moves, again.record.moves, "percent");
  EXPECT_EQ(write_record(again.record, again.referee->game()), written);
  // Inside a comment a '%' is text: wrapped to a line's start, it is not
  // indented (that would add a space), and the comment reads back as written.
  for (std::size_t n = 1; n < 80; ++n) {
    ReadGame noted = read_ok("1. e4 {" + std::string(n, 'y') + " %z %w} e5 *", "chess");
    const std::string out = write_record(noted.record, noted.referee->game());
    expect_same_line(read_ok(out, "chess").record.moves, noted.record.moves, "comment " + std::to_string(n));
  }
  // A comment written over several lines, with either line ending, is one line.
  for (const char* text : {"1. e4 {over\ntwo} e5 *", "1. e4 {over\r\ntwo} e5 *", "1. e4 {over\rtwo} e5 *"})
    EXPECT_EQ(read_ok(text, "chess").record.moves[0].comments, std::vector<std::string>{"over two"}) << text;
}

TEST(Records, ExportAfterResignationKeepsTheResult) {
  struct Case {
    const char* game;
    const char* variant;
    const char* move;
    const char* result;  // Black's win, as each record writes it
  };
  // White resigns after one move by each side (in English checkers Black
  // moves first, and its win is 1-0: draughts results go by turn order).
  for (const Case& c : {Case{"chess", "", "e2e4", "0-1"}, Case{"checkers", "english", "11-15", "1-0"},
                        Case{"checkers", "russian", "22-18", "0-1"}, Case{"xiangqi", "", "h2e2", "0-1"}}) {
    Referee referee(new_game(c.game, c.variant));
    ASSERT_TRUE(referee.play(c.move, 0)) << c.game;
    ASSERT_TRUE(referee.play(referee.legal_moves().front().id, 0)) << c.game;
    const Side white = std::string(c.variant) == "english" ? Side::Second : Side::First;
    ASSERT_TRUE(referee.resign(white, 0));
    const std::string text = write_record(record_of(referee), referee.game());
    EXPECT_NE(text.find("[Result \"" + std::string(c.result) + "\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("[Termination \"normal\"]"), std::string::npos) << text;
    EXPECT_NE(text.find("{" + referee.game().describe(referee.outcome()) + "} " + c.result + "\n"),
              std::string::npos)
        << text;
    ReadGame back = read_ok(text, c.game, c.variant);
    EXPECT_EQ(back.referee->outcome().termination, Termination::Resignation) << c.game;
    EXPECT_EQ(back.referee->outcome().winner, ~white) << c.game;
    EXPECT_EQ(back.referee->game().moves_played(), referee.game().moves_played()) << c.game;
  }
}

// Tools that do not escape write a tag's inner quotes as they are; the
// value runs to the last quote before the tag's ']'.
TEST(Records, TagValueWithInnerQuotesIsRead) {
  ReadGame r = read_ok("[Event \"the \"Spring\" open\"]\n[Site \"x\"] [Round \"1\"]\n1. e4 e5 *\n", "chess");
  EXPECT_EQ(r.record.tag("Event"), "the \"Spring\" open");
  EXPECT_EQ(r.record.tag("Site"), "x");
  EXPECT_EQ(r.record.tag("Round"), "1");
  EXPECT_EQ(r.referee->game().moves_played().size(), 2u);
  // An unterminated string is still an error, with its place.
  Expected<ReadGame> bad = read("[Event \"open]\n1. e4 *\n", "chess");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("unterminated string"), std::string::npos) << bad.error().message;
}

// PGN's draw written as "1/2" or "½-½" (as some archives do) is the draw.
TEST(Records, DrawWrittenAsHalfIsTheDraw) {
  for (const char* token : {"1/2", "\xC2\xBD-\xC2\xBD", "1/2-1/2"}) {
    ReadGame r = read_ok(std::string("[Result \"*\"]\n1. e4 e5 ") + token + "\n", "chess");
    EXPECT_EQ(r.record.result, "1/2-1/2") << token;
    EXPECT_EQ(r.referee->outcome().verdict, Verdict::Draw) << token;
  }
}

// A record from a position with the second side to move numbers its first
// move "1. ..." (or "1...").
// Found by fuzz_chess_pgn: "3..?" was read as a move "3.." with "?", and
// written so; read again, "3.." is a move number and "$2" follows nothing.
TEST(Records, AGlyphGluedToAMoveNumberAnnotatesTheMoveBefore) {
  ReadGame r = read_ok("1. e4 e5 2. Nf3 (2..? Nc3 Nc6) 2... Nc6 3. Bb5 *", "chess");
  ASSERT_EQ(r.referee->game().moves_played().size(), 5u);
  ASSERT_EQ(r.record.moves[2].variations.size(), 1u);
  const std::vector<RecordMove>& variation = r.record.moves[2].variations[0];
  ASSERT_EQ(variation.size(), 2u);
  EXPECT_EQ(variation[0].text, "Nc3");
  const std::string written = write_record(r.record, r.referee->game());
  ReadGame again = read_ok(written, "chess");
  expect_same_line(again.record.moves, r.record.moves, "glyph after a number");
  EXPECT_EQ(write_record(again.record, again.referee->game()), written);
}

TEST(Records, RecordStartingWithTheSecondSideReadsItsEllipsis) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  for (const char* moves : {"1. ... e5 2. Nf3 *", "1... e5 2. Nf3 *", "1 ... e5 2 Nf3 *"}) {
    ReadGame r = read_ok("[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n" + moves + "\n", "chess");
    EXPECT_EQ(r.referee->game().moves_played().size(), 2u) << moves;
  }
}

// Draughts records that right-align their squares split a move at its sign
// ("43-39  1- 6"); the two words are one move.
TEST(Records, RightAlignedDraughtsSquaresAreOneMove) {
  ReadGame r = read_ok("[GameType \"21\"]\n1. 9-13 22-18 2. 5- 9 24-19 *\n", "checkers", "english");
  const std::vector<MoveText> played = r.referee->game().moves_played();
  ASSERT_EQ(played.size(), 4u);
  EXPECT_EQ(played[2].id, "5-9");
}

// Chinese records number their moves in full-width digits and stops
// ("１．Ｃ２＝５"), glued to the move or not.
TEST(Records, FullWidthMoveNumbersAreMoveNumbers) {
  ReadGame r = read_ok(
      "[Game \"Chinese Chess\"]\n\xEF\xBC\x91\xEF\xBC\x8E\xEF\xBC\xA3\xEF\xBC\x92\xEF\xBC\x9D\xEF\xBC\x95 "
      "h9g7 \xEF\xBC\x92\xEF\xBC\x8E h0g2 *\n",
      "xiangqi");
  const std::vector<MoveText> played = r.referee->game().moves_played();
  ASSERT_EQ(played.size(), 3u);
  EXPECT_EQ(played[0].id, "h2e2");
}

// "10x26" by its ends: two routes (over 14 and 22, or over 15 and 23) land
// there; only after the first is White's 15-11 a move, so the record
// played the first.
TEST(Records, AmbiguousMoveIsTheOneTheNextMovesFollow) {
  const std::string fen = "[GameType \"21\"]\n[FEN \"B:W14,15,22,23,32:B10,1\"]\n";
  ReadGame r = read_ok(fen + "1. 10x26 15-11 *\n", "checkers", "english");
  const std::vector<MoveText> played = r.referee->game().moves_played();
  ASSERT_EQ(played.size(), 2u);
  EXPECT_EQ(played[0].squares, (std::vector<std::string>{"10", "17", "26"}));
  // After the other route only 14-9 or 14-10 can follow: the text then
  // means that route.
  ReadGame other = read_ok(fen + "1. 10x26 14-9 *\n", "checkers", "english");
  EXPECT_EQ(other.referee->game().moves_played()[0].squares, (std::vector<std::string>{"10", "19", "26"}));
  // With nothing after it, nothing tells: refused, naming both routes.
  Expected<ReadGame> alone = read(fen + "1. 10x26 *\n", "checkers", "english");
  ASSERT_FALSE(alone);
  EXPECT_NE(alone.error().message.find("10x17x26"), std::string::npos) << alone.error().message;
  EXPECT_NE(alone.error().message.find("10x19x26"), std::string::npos) << alone.error().message;
}

// Draughts records write a move's strength in brackets after it
// ("19-23(!?)"): the glyph is the move's NAG, not a variation.
TEST(Records, MoveStrengthInBracketsIsANag) {
  ReadGame r =
      read_ok("[GameType \"21\"]\n1. 9-13(!?) 22-18 (?) 2. 5-9 (24-19 10-14) *\n", "checkers", "english");
  ASSERT_EQ(r.record.moves.size(), 3u);
  EXPECT_EQ(r.record.moves[0].nags, (std::vector<int>{5}));
  EXPECT_TRUE(r.record.moves[0].variations.empty());
  EXPECT_EQ(r.record.moves[1].nags, (std::vector<int>{2}));
  EXPECT_EQ(r.record.moves[2].variations.size(), 1u) << "a real variation stays one";
}

}  // namespace
}  // namespace qi
