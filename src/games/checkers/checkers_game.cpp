#include "games/checkers/checkers_game.h"

#include <algorithm>
#include <cstdlib>

#include "core/perft.h"
#include "games/checkers/notation.h"
#include "games/checkers/position.h"
#include "games/checkers/refusal_codes.h"
#include "games/checkers/search.h"

namespace qi::checkers {
namespace {

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
  Side side_to_move() const override { return pos_.side_to_move(); }
  std::string side_name(Side side) const override { return std::string(colour_name(P::colour_of(side))); }

  // --- Moves ------------------------------------------------------------------
  std::vector<MoveText> legal_moves() const override {
    List list;
    pos_.generate_legal(list);
    std::vector<MoveText> out;
    for (const M& m : list) out.push_back(move_text(m, list));
    return out;
  }

  Expected<MoveText> parse_move(std::string_view text) const override {
    Expected<MoveWords> words = parse_move_words(text, shape());
    if (!words) return make_error(refusal("not_a_move"), words.error().message);
    List list;
    pos_.generate_legal(list);
    std::vector<const M*> found;
    for (const M& m : list)
      if (matches(m, *words)) found.push_back(&m);
    // A full path names one move even when a shorter move covers the same
    // squares: 10x17 is exactly the one-jump move, not 10x19x12x3x17.
    const auto exact = [&](const M* m) { return squares_of(*m) == words->squares; };
    if (found.size() > 1 && std::ranges::any_of(found, exact))
      std::erase_if(found, [&](const M* m) { return !exact(m); });
    if (found.size() == 1) return move_text(*found[0], list);
    const std::string written = format_move_words(*words);
    if (found.size() > 1) {
      std::string options;
      for (const M* m : found) options += (options.empty() ? "" : ", ") + full_path(*m);
      return make_error(refusal("ambiguous"),
                        written + " is ambiguous: it could be " + options + "; give the full path");
    }
    Error why = why_illegal(*words, list);
    return make_error(why.code, written + ": " + why.message);
  }

  std::vector<MoveText> moves_played() const override { return played_; }

  // --- End of the game --------------------------------------------------------
  MoveText builtin_move() const override {
    List list;
    pos_.generate_legal(list);
    if (list.empty()) return {};
    MaterialSearch<V> search;
    std::size_t i = list.size() == 1 ? 0 : search.best(pos_, list, V::size == 8 ? 6 : 4);
    return move_text(list[i], list);
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

  std::string record() const override {
    PdnGame g;
    for (const char* tag : {"Event", "Site", "Date", "Round", "White", "Black"})
      g.set_tag(tag, std::string(tag) == "Date" ? "????.??.??" : "?");
    g.result = pdn_result(outcome());
    g.set_tag("Result", g.result);
    g.set_tag("GameType", std::to_string(V::pdn_game_type));
    if (start_ != P::start()) {
      g.set_tag("SetUp", "1");
      g.set_tag("FEN", fen_of(start_));
    }
    for (const MoveText& m : played_) g.moves.push_back(m.display);
    g.starts_with_second_colour = start_.side_to_move() == Side::Second;
    return format_pdn(g);
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
      bool man_moved = !m.king;
      pos_.make(m);
      moves_.push_back(m);
      played_.push_back(move);
      facts_.push_back(facts_of(pos_, m.is_capture() || man_moved));
      return;
    }
  }

  bool pop() override {
    if (moves_.empty()) return false;
    pos_.unmake(moves_.back());
    moves_.pop_back();
    played_.pop_back();
    facts_.pop_back();
    return true;
  }

  Outcome rules_outcome() const override {
    if (!pos_.has_legal_move()) {
      Side loser = pos_.side_to_move();
      bool no_pieces = pos_.pieces(loser) == 0;
      std::string why = side_name(loser) + (no_pieces ? " has no pieces left" : " has no legal move");
      return Outcome::win(~loser, no_pieces ? "no_pieces" : "no_moves", side_name(~loser) + " wins: " + why);
    }
    if (auto draw = draw_by_rule(V::name, facts_, settings_)) return *draw;
    return Outcome::ongoing();
  }

 private:
  static BoardShape shape() { return {V::size, V::size == 8 && V::name != "english"}; }

  void set_position(const P& p) {
    start_ = pos_ = p;
    moves_.clear();
    played_.clear();
    facts_.assign(1, facts_of(p, true));
    clear_adjudication();
  }

  static PlyFacts facts_of(const P& p, bool resets) {
    PlyFacts f;
    f.hash = p.hash();
    f.resets_progress = resets;
    f.to_move = static_cast<int>(P::colour_of(p.side_to_move()));
    for (Side s : {Side::First, Side::Second}) {
      int c = static_cast<int>(P::colour_of(s));
      f.men[c] = popcount(p.pieces(s) & ~p.kings());
      f.kings[c] = popcount(p.pieces(s) & p.kings());
    }
    return f;
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

  std::string pdn_result(const Outcome& o) const {
    if (o.verdict == Verdict::Draw) return "1/2-1/2";
    if (o.verdict == Verdict::Ongoing) return "*";
    return P::colour_of(o.winner) == Colour::White ? "1-0" : "0-1";
  }

  // The squares of a move: start, landings, end.
  static std::vector<int> squares_of(const M& m) {
    std::vector<int> sq{Geo::square_of(m.from)};
    for (int i = 0; i + 1 < m.jumps; ++i) sq.push_back(Geo::square_of(m.via[i]));
    sq.push_back(Geo::square_of(m.to));
    return sq;
  }

  static MoveText move_text(const M& m, const List& list) {
    std::string t = text_of(m, list);
    MoveText out{t, t};
    for (int sq : squares_of(m)) out.path.push_back(std::to_string(sq));
    return out;
  }

  static std::string full_path(const M& m) { return format_move_words({squares_of(m), m.is_capture()}); }

  // The short form unless another legal move shares its start and end.
  static std::string text_of(const M& m, const List& list) {
    bool ambiguous = false;
    for (const M& o : list)
      if (!(o == m) && o.from == m.from && o.to == m.to) ambiguous = true;
    if (ambiguous) return full_path(m);
    return format_move_words({{Geo::square_of(m.from), Geo::square_of(m.to)}, m.is_capture()});
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

  Error why_illegal(const MoveWords& w, const List& list) const {
    const int from = w.squares.front(), to = w.squares.back();
    const Side us = pos_.side_to_move();
    const Bitboard from_bit = bit(Geo::bit_of(from));
    if (!(pos_.occupied() & from_bit))
      return no(refusal("no_own_piece"), "there is no piece on " + std::to_string(from));
    if (!(pos_.pieces(us) & from_bit))
      return no(refusal("no_own_piece"), "the piece on " + std::to_string(from) + " is " + side_name(~us) +
                                             "'s; " + side_name(us) + " is to move");
    const bool king = (pos_.kings() & from_bit) != 0;
    const std::string piece = std::string(king ? "the king on " : "the man on ") + std::to_string(from);

    if (!list.empty() && list[0].is_capture()) {
      // Stopped part-way through a capture that must go on?
      for (const M& m : list) {
        std::vector<int> sq = squares_of(m);
        if (w.squares.size() < sq.size() && std::equal(w.squares.begin(), w.squares.end(), sq.begin()))
          return no(refusal("capture_incomplete"),
                    "a capture must be completed: " + format_move_words({w.squares, true}) +
                        " can continue to " + std::to_string(sq[w.squares.size()]));
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
        options += (options.empty() ? "" : ", ") + text_of(m, list);
      }
      if (w.capture)
        return no(refusal("not_a_legal_capture"), "not a legal capture here; the captures are " + options);
      return no(refusal("capture_compulsory"), "a capture is compulsory: " + options);
    }
    if (w.capture) return no(refusal("no_capture"), "there is no capture to make here");
    const int dr = Geo::row_of(to) - Geo::row_of(from), dc = Geo::column_of(to) - Geo::column_of(from);
    if (dr == 0 || std::abs(dr) != std::abs(dc))
      return no(refusal("not_diagonal"),
                std::to_string(to) + " is not on a diagonal from " + std::to_string(from));
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
      return no(refusal("occupied"), "square " + std::to_string(to) + " is occupied");
    return no(refusal("path_blocked"),
              piece + " cannot reach " + std::to_string(to) + ": the way is blocked");
  }

  DrawSettings settings_;
  P start_;
  P pos_;
  std::vector<M> moves_;
  std::vector<MoveText> played_;
  std::vector<PlyFacts> facts_;
};

template <class V>
std::unique_ptr<Game> make(const DrawSettings& settings) {
  return std::make_unique<CheckersGame<V>>(settings);
}

}  // namespace

std::vector<std::string> variant_names() { return {"english", "russian", "brazilian", "international"}; }

std::unique_ptr<Game> make_game(std::string_view variant) { return make_game(variant, DrawSettings{}); }

std::unique_ptr<Game> make_game(std::string_view variant, const DrawSettings& settings) {
  if (variant == Russian::name) return make<Russian>(settings);
  if (variant == Brazilian::name) return make<Brazilian>(settings);
  if (variant == International::name) return make<International>(settings);
  return make<English>(settings);
}

Expected<std::string> variant_of_game_type(std::string_view game_type) {
  std::size_t end = 0;
  while (end < game_type.size() && game_type[end] >= '0' && game_type[end] <= '9') ++end;
  std::string_view number = game_type.substr(0, end);
  if (game_type.empty() || number == "21") return std::string("english");
  if (number == "20") return std::string("international");
  if (number == "25") return std::string("russian");
  if (number == "26") return std::string("brazilian");
  return make_error("PDN GameType " + std::string(game_type) +
                    " is not supported (20 international, 21 English, 25 Russian, 26 Brazilian)");
}

Expected<std::unique_ptr<Game>> load_pdn_game(const PdnGame& pdn, std::string_view variant) {
  std::string name(variant);
  if (name.empty()) {
    Expected<std::string> v = variant_of_game_type(pdn.tag("GameType"));
    if (!v) return v.error();
    name = *v;
  }
  std::unique_ptr<Game> game = make_game(name);
  if (std::string fen = pdn.tag("FEN"); !fen.empty()) {
    if (Status s = game->set_fen(fen); !s) return s.error();
  }
  for (std::size_t i = 0; i < pdn.moves.size(); ++i) {
    Expected<MoveText> played = game->play(pdn.moves[i]);
    if (!played)
      return make_error("move " + std::to_string(i + 1) + " (" + pdn.moves[i] +
                        "): " + played.error().message);
  }
  std::string result = pdn.result;
  if (result == "*" || result.empty()) result = pdn.tag("Result");
  if (!game->outcome().over()) {
    auto side_of = [&](std::string_view colour) {
      return game->side_name(Side::First) == colour ? Side::First : Side::Second;
    };
    if (result == "1-0") game->resign(side_of("Black"));
    if (result == "0-1") game->resign(side_of("White"));
    if (result == "1/2-1/2") game->agree_draw();
  }
  return game;
}

Expected<std::vector<std::unique_ptr<Game>>> load_pdn(std::string_view text, std::string_view variant) {
  Expected<std::vector<PdnGame>> games = parse_pdn(text);
  if (!games) return games.error();
  std::vector<std::unique_ptr<Game>> out;
  for (std::size_t i = 0; i < games->size(); ++i) {
    Expected<std::unique_ptr<Game>> g = load_pdn_game((*games)[i], variant);
    if (!g) return make_error("PDN game " + std::to_string(i + 1) + ": " + g.error().message);
    out.push_back(std::move(*g));
  }
  return out;
}

}  // namespace qi::checkers
