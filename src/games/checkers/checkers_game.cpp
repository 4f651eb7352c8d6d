#include "games/checkers/checkers_game.h"
#include "games/checkers/endings.h"

#include <algorithm>
#include <cstdlib>

#include "core/perft.h"
#include "core/text.h"
#include "core/utf8.h"
#include "games/checkers/draw_rules.h"
#include "games/checkers/notation.h"
#include "games/checkers/position.h"
#include "games/checkers/refusal_codes.h"

namespace qi::checkers {
namespace {

template <class V>
const VariantDescriptor& variant_descriptor() {
  return *checkers::descriptor().variant(V::name);
}

template <class V>
class CheckersGame final : public Game {
 public:
  using P = Position<V>;
  using Geo = typename P::Geo;
  using M = typename P::Move;
  using List = typename P::MoveList;

  explicit CheckersGame(const DrawSettings& settings) : settings_(settings) { reset(); }

  std::string_view name() const override { return "checkers"; }
  std::string_view variant() const override { return V::name; }
  const VariantDescriptor& descriptor() const override { return variant_descriptor<V>(); }
  std::unique_ptr<Game> clone() const override { return std::make_unique<CheckersGame>(*this); }

  // --- Position ---------------------------------------------------------------
  void reset() override { set_position(P::start()); }

  Status set_fen(std::string_view fen) override {
    Expected<Setup> setup = parse_fen(fen, shape());
    if (!setup) return setup.error();
    P p;
    p.set_side_to_move(P::side_of(setup->to_move));
    for (const PlacedPiece& piece : setup->pieces) p.put(P::side_of(piece.colour), piece.square, piece.king);
    set_position(p);
    return Ok{};
  }

  std::string fen() const override { return fen_of(pos_); }
  std::string start_fen() const override { return fen_of(P::start()); }
  std::string initial_fen() const override { return fen_of(start_); }
  Side side_to_move() const override { return pos_.side_to_move(); }
  // A lesson's stars: the learner moves again while the other side stands still.
  std::optional<std::string> fen_after_pass() const override {
    P p = pos_;
    p.set_side_to_move(~p.side_to_move());
    return fen_of(p);
  }
  int move_number() const override {
    const int plies = static_cast<int>(moves_.size()) + (start_.side_to_move() == Side::Second ? 1 : 0);
    return 1 + plies / 2;
  }
  std::string board_cells() const override {
    std::string cells(Geo::squares, '.');
    for (int sq = 1; sq <= Geo::squares; ++sq) {
      const Bitboard b = bit(Geo::bit_of(sq));
      for (Side s : {Side::First, Side::Second}) {
        if (!(pos_.pieces(s) & b)) continue;
        const bool white = P::colour_of(s) == Colour::White, king = (pos_.kings() & b) != 0;
        cells[static_cast<std::size_t>(sq - 1)] = white ? (king ? 'W' : 'w') : (king ? 'B' : 'b');
      }
    }
    return cells;
  }

  // --- Moves ------------------------------------------------------------------
  std::vector<MoveText> legal_moves() const override {
    List list;
    pos_.generate_legal(list);
    std::vector<MoveText> out;
    for (const M& m : list) out.push_back(move_text(m, list));
    return out;
  }

  Expected<MoveText> parse_move(std::string_view text) const override {
    Expected<MoveWords> words = read_words(text);
    if (!words) return make_error(refusal("not_a_move"), words.error().message);
    // A refusal quotes the move as the player wrote it.
    return parse_words(*words, printable(trim(text)));
  }

  // Every route the written squares fit: one where parse_move accepts the
  // text, each route of an ambiguous short capture ("10x26" between two
  // routes), none for what is no legal move.
  std::vector<MoveText> moves_matching(std::string_view text) const override {
    Expected<MoveWords> words = read_words(text);
    if (!words) return {};
    List list;
    pos_.generate_legal(list);
    std::vector<MoveText> out;
    for (const M* m : candidates(*words, list)) out.push_back(move_text(*m, list));
    return out;
  }

  // Clicked squares do not say whether the move captures: it does where
  // it passes over a piece (25-21 is a plain move, even when a capture is
  // compulsory elsewhere, and is refused as one).
  Expected<MoveText> parse_squares(const std::vector<std::string>& squares) const override {
    MoveWords words;
    words.style.size = V::size;
    for (const std::string& s : squares) {
      Expected<int> sq = parse_square(s, shape());
      if (!sq) return make_error(refusal("not_a_move"), sq.error().message);
      words.squares.push_back(*sq);
    }
    if (words.squares.size() < 2)
      return make_error(refusal("not_a_move"), "a move names at least two squares");
    words.capture = words.squares.size() > 2 || passes_over_piece(words.squares[0], words.squares[1]);
    return parse_words(words, format_move_words(words));
  }

  std::vector<MoveText> moves_played() const override { return played_; }

  // --- End of the game --------------------------------------------------------
  Outcome outcome() const override {
    if (!pos_.has_legal_move()) {
      const Side loser = pos_.side_to_move();
      return Outcome::win(~loser, pos_.pieces(loser) == 0 ? endings::NoPieces : endings::NoMoves);
    }
    if (threefold(keys_since_progress()))
      return Outcome::draw(endings::ThreefoldRepetition, pos_.side_to_move());
    if (auto draw = draw_by_count(counters_.back(), pos_, settings_)) return *draw;
    return Outcome::ongoing();
  }
  // A side with a piece can still win: the other's may all be blocked.
  bool can_win(Side side) const override { return pos_.pieces(side) != 0; }

  // The giver's men from its front row, nearest the middle first.
  Expected<std::string> handicap_fen(std::string_view name, Side giver) const override {
    const int removed = name == "one_man" ? 1 : name == "two_men" ? 2 : 0;
    if (!removed) return Game::handicap_fen(name, giver);
    constexpr int rows = (V::size - 2) / 2, men = rows * Geo::per_row, squares = Geo::squares;
    const bool white_gives = P::colour_of(giver) == Colour::White;
    const int white_from = squares - men + 1 + (white_gives ? removed : 0);
    const int black_to = men - (white_gives ? 0 : removed);
    return std::string(1, colour_letter(V::first)) + ":W" + std::to_string(white_from) + "-" +
           std::to_string(squares) + ":B1-" + std::to_string(black_to);
  }

  // --- Text -------------------------------------------------------------------
  std::string board_text(bool flipped) const override {
    std::string out;
    const int n = V::size;
    for (int r = 0; r < n; ++r) {
      int row = flipped ? n - 1 - r : r;
      std::string line = "  ";
      for (int c = 0; c < n; ++c) {
        int column = flipped ? n - 1 - c : c;
        int sq = Geo::square_at(row, column);
        if (sq == 0) {
          line += "   ";
          continue;
        }
        Bitboard b = bit(Geo::bit_of(sq));
        const char* glyph = nullptr;
        for (Side s : {Side::First, Side::Second}) {
          if (!(pos_.pieces(s) & b)) continue;
          bool king = (pos_.kings() & b) != 0;
          bool black = P::colour_of(s) == Colour::Black;
          glyph = black ? (king ? "◉" : "●") : (king ? "◎" : "○");
        }
        if (glyph) {
          line += " ";
          line += glyph;
          line += " ";
        } else {
          line += (sq < 10 ? " " : "") + std::to_string(sq) + " ";
        }
      }
      int first = row * Geo::per_row + 1, last = first + Geo::per_row - 1;
      if (flipped) std::swap(first, last);
      out += line + "   " + std::to_string(first) + "-" + std::to_string(last) + "\n";
    }
    out += "  ● Black man  ◉ Black king  ○ White man  ◎ White king\n";
    out += "  " + side_name(pos_.side_to_move()) + " to move\n";
    return out;
  }

  // PDN: the players by colour, the GameType of the variant, and results by
  // turn order: "1-0" is the first player's win, Black's in English checkers
  // (PDN 2.0, written for English checkers, and CheckerBoard read and write
  // it so, as the OCA archive does), White's in the other variants.
  RecordDialect record_dialect() const override {
    RecordDialect d;
    d.format = "PDN";
    const bool white_first = V::first == Colour::White;
    d.player_tags = white_first ? std::array<std::string, 2>{"White", "Black"}
                                : std::array<std::string, 2>{"Black", "White"};
    d.fixed_tags = {{"GameType", std::to_string(V::pdn_game_type)}};
    d.variant_tags = {"checkers-" + std::string(V::name), std::string(V::name)};
    d.win_tokens = {"1-0", "0-1"};
    d.result_aliases.insert(d.result_aliases.end(),
                            {{"2-0", "1-0"}, {"0-2", "0-1"}, {"1-1", "1/2-1/2"}, {"0-0", "*"}});
    return d;
  }

  // The move as the variant's records write it (PDN 3.0): Russian and
  // Brazilian records name the squares (c3-d4) and capture with ':' and 'x'.
  std::string record_move_text(const MoveText& m) const override {
    if constexpr (V::pdn_algebraic) {
      for (const auto& [notation, text] : m.notations)
        if (notation == "algebraic") return text;
    }
    return m.display;
  }

  // --- Move generation proof --------------------------------------------------
  std::uint64_t perft(int depth) const override {
    P p = pos_;
    return qi::perft(p, depth);
  }

  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
    P p = pos_;
    List list;
    p.generate_legal(list);
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& [m, n] : qi::perft_divide(p, depth)) out.emplace_back(text_of(m, list), n);
    return out;
  }

 protected:
  void push(const MoveText& move) override {
    List list;
    pos_.generate_legal(list);
    for (const M& m : list) {
      if (text_of(m, list) != move.id) continue;
      const bool progress = m.is_capture() || !m.king;
      pos_.make(m);
      moves_.push_back(m);
      played_.push_back(move);
      counters_.push_back(next_counters(counters_.back(), pos_, progress));
      keys_.push_back(pos_.hash());
      return;
    }
  }

  bool pop() override {
    if (moves_.empty()) return false;
    pos_.unmake(moves_.back());
    moves_.pop_back();
    played_.pop_back();
    counters_.pop_back();
    keys_.pop_back();
    return true;
  }

 private:
  static BoardShape shape() { return {V::size, V::size == 8 && V::name != "english", V::first}; }
  // How this variant's records write moves.
  static constexpr MoveStyle record_style{V::size, V::pdn_algebraic, V::pdn_capture};

  void set_position(const P& p) {
    start_ = pos_ = p;
    moves_.clear();
    played_.clear();
    counters_.assign(1, start_counters(p));
    keys_.assign(1, p.hash());
  }

  // The keys of the positions since the last capture or man's move, the
  // present one last; no further back than the variant's count rule lets a
  // game go without progress (past it the game is drawn whatever repeats:
  // looking further could only rename that draw, and would make every ply
  // of a long record cost its length).
  std::span<const std::uint64_t> keys_since_progress() const {
    std::size_t reach = static_cast<std::size_t>(counters_.back().quiet) + 1;
    if (const int limit = no_progress_plies<V>(settings_); limit > 0)
      reach = std::min(reach, static_cast<std::size_t>(limit) + 1);
    reach = std::min(reach, keys_.size());
    return std::span<const std::uint64_t>(keys_).last(reach);
  }

  // A move as written; where it shows no capture sign, the record's is the
  // one an answer names captures with.
  Expected<MoveWords> read_words(std::string_view text) const {
    Expected<MoveWords> words = parse_move_words(text, shape());
    if (words && !words->capture) words->style.capture = record_style.capture;
    return words;
  }

  // The legal moves the written squares fit; where a full path names one
  // move exactly, only that one, even when a longer move covers the same
  // squares: 10x17 is exactly the one-jump move, not 10x19x12x3x17.
  static std::vector<const M*> candidates(const MoveWords& words, const List& list) {
    std::vector<const M*> found;
    for (const M& m : list)
      if (matches(m, words)) found.push_back(&m);
    const auto exact = [&](const M* m) { return squares_of(*m) == words.squares; };
    if (found.size() > 1 && std::ranges::any_of(found, exact))
      std::erase_if(found, [&](const M* m) { return !exact(m); });
    return found;
  }

  // `written`: the move as the player gave it, quoted in a refusal.
  Expected<MoveText> parse_words(const MoveWords& words, const std::string& written) const {
    List list;
    pos_.generate_legal(list);
    const std::vector<const M*> found = candidates(words, list);
    if (found.size() == 1) return move_text(*found[0], list);
    if (found.size() > 1) {
      std::string options;
      for (const M* m : found) options += (options.empty() ? "" : ", ") + full_path(*m, words.style);
      return make_error(refusal("ambiguous"),
                        written + " is ambiguous: it could be " + options + "; give the full path");
    }
    Error why = why_illegal(words, list);
    return make_error(why.code, written + ": " + why.message);
  }

  static std::string fen_of(const P& p) {
    Setup setup;
    setup.to_move = P::colour_of(p.side_to_move());
    for (Side s : {Side::First, Side::Second}) {
      Bitboard b = p.pieces(s);
      while (b) {
        int i = lsb(b);
        b &= b - 1;
        setup.pieces.push_back({P::colour_of(s), Geo::square_of(i), ((p.kings() >> i) & 1) != 0});
      }
    }
    return format_fen(setup);
  }

  // The squares of a move: start, landings, end.
  static std::vector<int> squares_of(const M& m) {
    std::vector<int> sq{Geo::square_of(m.from)};
    for (int i = 0; i + 1 < m.jumps; ++i) sq.push_back(Geo::square_of(m.via[i]));
    sq.push_back(Geo::square_of(m.to));
    return sq;
  }

  // The id and display are the PDN numbers in every variant (ids stay as
  // stored games have them); Russian and Brazilian moves also have their
  // records' algebraic text.
  static MoveText move_text(const M& m, const List& list) {
    std::string t = text_of(m, list);
    MoveText out{t, t};
    for (int sq : squares_of(m)) out.squares.push_back(std::to_string(sq));
    out.notations = {{"pdn", t}};
    if constexpr (V::pdn_algebraic) out.notations.emplace_back("algebraic", text_of(m, list, record_style));
    return out;
  }

  static std::string full_path(const M& m, const MoveStyle& style = {}) {
    return format_move_words({squares_of(m), m.is_capture(), style});
  }

  // The short form unless another legal move shares its start and end.
  static std::string text_of(const M& m, const List& list, const MoveStyle& style = {}) {
    bool ambiguous = false;
    for (const M& o : list)
      if (!(o == m) && o.from == m.from && o.to == m.to) ambiguous = true;
    if (ambiguous) return full_path(m, style);
    return format_move_words({{Geo::square_of(m.from), Geo::square_of(m.to)}, m.is_capture(), style});
  }

  // Written squares match a move when they start and end where it does and
  // the squares between are landings of the move, in order.
  static bool matches(const M& m, const MoveWords& w) {
    std::vector<int> sq = squares_of(m);
    if (w.squares.front() != sq.front() || w.squares.back() != sq.back()) return false;
    std::size_t j = 1;
    for (std::size_t i = 1; i + 1 < w.squares.size(); ++i) {
      while (j + 1 < sq.size() && sq[j] != w.squares[i]) ++j;
      if (j + 1 >= sq.size()) return false;
      ++j;
    }
    return true;
  }

  static Error no(const char* code, std::string why) { return make_error(code, std::move(why)); }

  // Whether a piece stands between two squares of one diagonal.
  bool passes_over_piece(int from, int to) const {
    const int dr = Geo::row_of(to) - Geo::row_of(from), dc = Geo::column_of(to) - Geo::column_of(from);
    if (dr == 0 || std::abs(dr) != std::abs(dc)) return false;
    const int step_r = dr > 0 ? 1 : -1, step_c = dc > 0 ? 1 : -1;
    for (int r = Geo::row_of(from) + step_r, c = Geo::column_of(from) + step_c; r != Geo::row_of(to);
         r += step_r, c += step_c)
      if (pos_.occupied() & bit(Geo::bit_of(Geo::square_at(r, c)))) return true;
    return false;
  }

  // Why no legal move fits the written squares, naming squares as they were
  // written (22 or c3).
  Error why_illegal(const MoveWords& w, const List& list) const {
    const auto name = [&](int sq) { return square_text(sq, w.style); };
    const int from = w.squares.front(), to = w.squares.back();
    const Side us = pos_.side_to_move();
    const Bitboard from_bit = bit(Geo::bit_of(from));
    if (!(pos_.occupied() & from_bit))
      return no(refusal("no_own_piece"), "there is no piece on " + name(from));
    if (!(pos_.pieces(us) & from_bit))
      return no(refusal("no_own_piece"), "the piece on " + name(from) + " is " + side_name(~us) + "'s; " +
                                             side_name(us) + " is to move");
    const bool king = (pos_.kings() & from_bit) != 0;
    const std::string piece = std::string(king ? "the king on " : "the man on ") + name(from);

    if (!list.empty() && list[0].is_capture()) {
      // Stopped part-way through a capture that must go on?
      for (const M& m : list) {
        std::vector<int> sq = squares_of(m);
        if (w.squares.size() < sq.size() && std::equal(w.squares.begin(), w.squares.end(), sq.begin()))
          return no(refusal("capture_incomplete"),
                    "a capture must be completed: " + format_move_words({w.squares, true, w.style}) +
                        " can continue to " + name(sq[w.squares.size()]));
      }
      if constexpr (V::majority_capture) {
        List any;
        pos_.generate_captures_any_length(any);
        for (const M& m : any)
          if (matches(m, w))
            return no(refusal("majority_capture"), "the majority capture rule requires taking " +
                                                       std::to_string(list[0].jumps) + " pieces, not " +
                                                       std::to_string(m.jumps));
      }
      std::string options;
      int shown = 0;
      for (const M& m : list) {
        if (shown++ == 6) {
          options += ", ...";
          break;
        }
        options += (options.empty() ? "" : ", ") + text_of(m, list, w.style);
      }
      const std::string must = (list.size() == 1 ? options : "one of " + options) + " must be played";
      if (w.capture) return no(refusal("not_a_legal_capture"), "not a legal capture here; " + must);
      // A plain move while a capture is on: the rule it breaks is the compulsory capture.
      return no(refusal("capture_compulsory"), "capturing is compulsory: " + must);
    }
    if (w.capture) return no(refusal("no_capture"), "there is no capture to make here");
    const int dr = Geo::row_of(to) - Geo::row_of(from), dc = Geo::column_of(to) - Geo::column_of(from);
    if (dr == 0 || std::abs(dr) != std::abs(dc))
      return no(refusal("not_diagonal"), name(to) + " is not on a diagonal from " + name(from));
    if (!king) {
      if ((dr > 0) != P::moves_down(us))
        return no(refusal("man_moves_forward"), piece + " moves only forward");
      if (std::abs(dr) != 1)
        return no(refusal("one_square_at_a_time"), piece + " moves one square at a time");
    } else if constexpr (!V::flying_kings) {
      if (std::abs(dr) != 1)
        return no(refusal("one_square_at_a_time"), piece + " moves one square at a time");
    }
    if (pos_.occupied() & bit(Geo::bit_of(to)))
      return no(refusal("occupied"), "square " + name(to) + " is occupied");
    return no(refusal("path_blocked"), piece + " cannot reach " + name(to) + ": the way is blocked");
  }

  DrawSettings settings_;
  P start_;
  P pos_;
  std::vector<M> moves_;
  std::vector<MoveText> played_;
  std::vector<DrawCounters> counters_;  // one per position, the start first
  std::vector<std::uint64_t> keys_;     // likewise
};

template <class V>
std::unique_ptr<Game> make(const DrawSettings& settings) {
  return std::make_unique<CheckersGame<V>>(settings);
}

}  // namespace

std::unique_ptr<Game> make_game(std::string_view variant) { return make_game(variant, DrawSettings{}); }

std::unique_ptr<Game> make_game(std::string_view variant, const DrawSettings& settings) {
  if (variant == Russian::name) return make<Russian>(settings);
  if (variant == Brazilian::name) return make<Brazilian>(settings);
  if (variant == International::name) return make<International>(settings);
  return make<English>(settings);
}

}  // namespace qi::checkers
