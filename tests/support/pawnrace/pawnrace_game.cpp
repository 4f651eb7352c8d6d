// Pawn race behind the run-time qi::Game interface, its descriptor and its
// registration: everything a game gives Qi, in one folder that only the
// tests (and the end-to-end suite's server) link.
#include <memory>

#include "core/fen_text.h"
#include "core/lesson.h"
#include "core/perft.h"
#include "core/record_dialect.h"
#include "core/refusal_code.h"
#include "engine/game_backend.h"
#include "engine/registry.h"
#include "engine/search_traits.h"
#include "position.h"

namespace qi::pawnrace {
namespace {

inline constexpr std::array kRefusals = {
    RefusalWords{"not_a_move", "看不懂这步棋的写法", kNotation},
    RefusalWords{"not_legal", "这步棋不合规则"},
};

// Its endings: a side with no pawn, or none that can move, has lost.
constexpr Termination kNoPieces{"no_pieces", "{winner} wins: {loser} has no pawns left",
                                "{winner}胜 · {loser}的兵已被吃光"};
constexpr Termination kNoMoves{"no_moves", "{winner} wins: {loser} has no legal move",
                               "{winner}胜 · {loser}无子可走"};

const GameDescriptor& descriptor() {
  static const GameDescriptor d = [] {
    GameDescriptor g;
    g.name = "pawnrace";
    g.title = {"Pawn race (a test game)", "兵赛跑（测试棋）"};
    g.order = 9;
    VariantDescriptor v;
    v.title = g.title;
    v.sides = {Words{"White", "白方"}, Words{"Black", "黑方"}};
    v.board.files = v.board.ranks = kSize;
    v.board.style = BoardLook::Style::Checkered;
    for (int s = 0; s < kSquares; ++s) v.board.squares.push_back({square_name(s), file_of(s), rank_of(s)});
    v.board.file_labels = {std::vector<std::string>{"a", "b", "c", "d", "e"}, {}};
    v.board.rank_labels = {"1", "2", "3", "4", "5"};
    v.pieces = {{'P', Side::First, PieceLook::Shape::Man, "", "light", {"pawn", "兵"}},
                {'p', Side::Second, PieceLook::Shape::Man, "", "dark", {"pawn", "兵"}}};
    v.notations = {{"coordinates", {"Coordinates", "坐标"}, {}}};
    v.record.identifying_tags = {{"Game", "Pawn race"}};
    g.variants.push_back(std::move(v));
    g.refusals.assign(kRefusals.begin(), kRefusals.end());
    g.endings = {kNoPieces, kNoMoves};
    return g;
  }();
  return d;
}

std::string id_of(Move m) { return square_name(m.from) + square_name(m.to); }

// "PPPPP/1PPP1/5/..." ranks from the top, digits for empty runs, then "w" or "b".
std::string fen_of(const Position& p) {
  const std::string board = fen_board(kSize, kSize, [&](int file, int rank) {
    const int s = rank * kSize + file;
    return p.pawns(Side::First) & bit(s) ? 'P' : p.pawns(Side::Second) & bit(s) ? 'p' : '\0';
  });
  return board + (p.side_to_move() == Side::First ? " w" : " b");
}

Expected<Position> parse_fen(std::string_view fen) {
  Mask pawns[2] = {0, 0};
  int rank = kSize - 1, file = 0;
  std::size_t i = 0;
  for (; i < fen.size() && fen[i] != ' '; ++i) {
    const char c = fen[i];
    if (c == '/') {
      if (file != kSize || rank == 0)
        return make_error("FEN: rank " + std::to_string(rank + 1) + " is not 5 squares");
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '5') {
      file += c - '0';
    } else if (c == 'P' || c == 'p') {
      if (file >= kSize)
        return make_error("FEN: rank " + std::to_string(rank + 1) + " is longer than 5 squares");
      pawns[c == 'P' ? 0 : 1] |= bit(rank * kSize + file++);
    } else {
      return make_error(std::string("FEN: '") + (c >= 32 && c < 127 ? std::string(1, c) : "?") +
                        "' is not P, p, a digit or /");
    }
    if (file > kSize)
      return make_error("FEN: rank " + std::to_string(rank + 1) + " is longer than 5 squares");
  }
  if (rank != 0 || file != kSize) return make_error("FEN: the board needs 5 ranks of 5 squares");
  const std::string_view side = i < fen.size() ? fen.substr(i + 1) : std::string_view{};
  if (side != "w" && side != "b") return make_error("FEN: the side to move is 'w' or 'b'");
  return Position::of(pawns[0], pawns[1], side == "w" ? Side::First : Side::Second);
}

class PawnRaceGame final : public Game {
 public:
  std::string_view name() const override { return "pawnrace"; }
  const VariantDescriptor& descriptor() const override { return pawnrace::descriptor().variants.front(); }
  std::unique_ptr<Game> clone() const override { return std::make_unique<PawnRaceGame>(*this); }

  void reset() override { set(Position{}); }
  Status set_fen(std::string_view fen) override {
    Expected<Position> p = parse_fen(fen);
    if (!p) return p.error();
    set(*p);
    return Ok{};
  }
  std::string fen() const override { return fen_of(pos_); }
  std::string start_fen() const override { return fen_of(Position{}); }
  std::string initial_fen() const override { return fen_of(start_); }
  Side side_to_move() const override { return pos_.side_to_move(); }
  int move_number() const override {
    return 1 + (static_cast<int>(moves_.size()) + (start_.side_to_move() == Side::Second)) / 2;
  }
  std::string board_cells() const override {
    std::string cells(kSquares, '.');
    for (int s = 0; s < kSquares; ++s)
      cells[static_cast<std::size_t>(s)] = pos_.pawns(Side::First) & bit(s)    ? 'P'
                                           : pos_.pawns(Side::Second) & bit(s) ? 'p'
                                                                               : '.';
    return cells;
  }

  std::vector<MoveText> legal_moves() const override {
    Position::MoveList list;
    pos_.generate_legal(list);
    std::vector<MoveText> out;
    for (Move m : list) out.push_back(text_of(m));
    return out;
  }
  Expected<MoveText> parse_move(std::string_view text) const override {
    for (const MoveText& m : legal_moves())
      if (m.id == text || m.display == text) return m;
    if (text.size() != 4 && !(text.size() == 5 && (text[2] == '-' || text[2] == 'x')))
      return make_error(checked_code(kRefusals, "not_a_move"),
                        std::string(text) + ": write a move as a2a3 or a2-a3");
    return make_error(
        checked_code(kRefusals, "not_legal"),
        std::string(text) + ": a pawn moves one square forward, or diagonally forward (to capture too)");
  }
  std::vector<MoveText> moves_played() const override { return played_; }

  Outcome outcome() const override {
    if (pos_.result() != Result::Loss) return Outcome::ongoing();
    const Side loser = pos_.side_to_move();
    return Outcome::win(~loser, pos_.pawns(loser) ? kNoMoves : kNoPieces);
  }
  bool can_win(Side side) const override { return pos_.pawns(side) != 0; }

  std::string board_text(bool) const override { return fen() + "\n"; }
  RecordDialect record_dialect() const override {
    RecordDialect d;
    d.fixed_tags = {{"Game", "Pawn race"}};
    return d;
  }

  std::uint64_t perft(int depth) const override {
    Position p = pos_;
    return qi::perft(p, depth);
  }
  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
    Position p = pos_;
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& [m, n] : qi::perft_divide(p, depth)) out.emplace_back(id_of(m), n);
    return out;
  }

 protected:
  void push(const MoveText& move) override {
    Position::MoveList list;
    pos_.generate_legal(list);
    for (Move m : list)
      if (id_of(m) == move.id) {
        played_.push_back(text_of(m));
        moves_.push_back(m);
        pos_.make(m);
        return;
      }
  }
  bool pop() override {
    if (moves_.empty()) return false;
    pos_.unmake(moves_.back());
    moves_.pop_back();
    played_.pop_back();
    return true;
  }

 private:
  MoveText text_of(Move m) const {
    const std::string display = square_name(m.from) + (pos_.is_capture(m) ? "x" : "-") + square_name(m.to);
    return {id_of(m), display, {square_name(m.from), square_name(m.to)}, {}, {{"coordinates", display}}};
  }
  void set(const Position& p) {
    start_ = pos_ = p;
    moves_.clear();
    played_.clear();
  }

  Position start_, pos_;
  std::vector<Move> moves_;
  std::vector<MoveText> played_;
};

// The search over pawn race: pawns and how far they have come.
struct PawnRaceTraits : engine::SearchTraitsDefaults {
  using State = Position;
  using Move = pawnrace::Move;
  using MoveList = Position::MoveList;
  static constexpr std::string_view kName = "pawnrace";
  static constexpr int kPawn = 100;
  static constexpr int kHistorySize = kSquares * kSquares;
  static constexpr engine::SearchFeatures kFeatures{.late_move_reductions = true};

  static State start() { return State(); }
  static Expected<State> from_fen(std::string_view fen) { return parse_fen(fen); }
  static std::string move_text(const State&, Move m) { return id_of(m); }
  static Expected<Move> parse_move(const State& s, std::string_view text) {
    MoveList list;
    s.generate_legal(list);
    for (Move m : list)
      if (id_of(m) == text) return m;
    return make_error(std::string(text) + " is not a legal move here");
  }
  static void generate(const State& s, MoveList& list) { s.generate_legal(list); }
  static void make(State& s, Move m) { s.make(m); }
  static void unmake(State& s, Move m) { s.unmake(m); }
  static std::uint32_t move_key(const State&, Move m) { return 1u + m.from + 32u * m.to; }
  static int history_index(Move m) { return m.from * kSquares + m.to; }
  static bool is_tactical(const State& s, Move m) { return s.is_capture(m); }
  static int capture_gain(const State& s, Move m) { return s.is_capture(m) ? 100 : 0; }
  static int capture_order(const State& s, Move m) { return capture_gain(s, m); }
  static bool in_check(const State&) { return false; }
  static bool gives_check(const State&, Move) { return false; }
  static bool irreversible(const State&, Move) { return true; }
  static bool generate_quiescence(const State& s, MoveList& list, bool) {
    if (s.result() == Result::Loss) return true;  // no move: lost, said by the empty list
    (void)list;
    return false;
  }
  static engine::Score no_move_score(const State&, int ply) { return engine::mated_in(ply); }
  static engine::Score rule_score(const State&, int, int) { return engine::kNone; }
  static engine::Score repetition_score(State&, int, int) { return engine::kDraw; }
  static engine::Score evaluate(const State& s) {
    auto side_score = [&](Side side) {
      int score = 0;
      for (Mask b = s.pawns(side); b; b &= b - 1) {
        const int r = rank_of(std::countr_zero(b));
        score += 100 + 10 * (side == Side::First ? r : kSize - 1 - r);
      }
      return score;
    };
    return side_score(s.side_to_move()) - side_score(~s.side_to_move());
  }
};
static_assert(engine::check_search_traits<PawnRaceTraits>());

// Its lessons: a capture, and the ending it brings when it takes the last
// pawn; a straight move onto a pawn is refused; a side left without a move loses.
constexpr LessonStep kCaptureSteps[] = {
    {.id = "capture",
     .fen = "p4/5/3p1/2P2/5 w",
     .goal = LessonGoal::Capture,
     .en = "A pawn takes diagonally forward. Take the black pawn.",
     .zh = "兵斜着向前吃子。吃掉黑兵。",
     .solution = "c2d3",
     .refused = "c2c4",
     .teaches = "not_legal"},
    {.id = "last-pawn",
     .fen = "5/5/3p1/2P2/5 w",
     .goal = LessonGoal::Ending,
     .en = "Take Black's last pawn and win.",
     .zh = "吃掉黑方最后一个兵，赢下这盘棋。",
     .solution = "c2d3",
     .ending = "no_pieces",
     .teaches = "no_pieces"},
    {.id = "blocked",
     .fen = "5/5/5/5/p1P2 w",
     .goal = LessonGoal::Ending,
     .en = "Black's pawn is at the end and cannot move. Make a move: Black has none left, and loses.",
     .zh = "黑兵已经走到底，不能再走了。你走一步：黑方无棋可走，就输了。",
     .solution = "c1c2",
     .ending = "no_moves",
     .teaches = "no_moves"},
};
constexpr LessonStage kStages[] = {
    {.id = "capture", .en = "Capturing", .zh = "吃子", .steps = kCaptureSteps}};
constexpr LessonCourse kCourses[] = {{.variant = "", .stages = kStages}};
constexpr GameLessons kLessons{.courses = kCourses};

const engine::GameRegistration kPawnRace{
    .descriptor = &descriptor,
    .make_game = [](std::string_view) -> std::unique_ptr<Game> { return std::make_unique<PawnRaceGame>(); },
    .make_backend = [](std::string_view) -> std::unique_ptr<engine::Backend> {
      return std::make_unique<engine::GameBackend<PawnRaceTraits>>();
    },
    // Nothing was measured, so no level -> Elo table: its levels carry no
    // Elo. No engine protocol speaks it and `qi bench` has no position of it.
    .lessons = &kLessons,
};

}  // namespace
}  // namespace qi::pawnrace

QI_REGISTER_GAME(qi::pawnrace::kPawnRace)
