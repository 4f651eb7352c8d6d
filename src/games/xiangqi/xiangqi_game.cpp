#include "games/xiangqi/xiangqi_game.h"

#include "core/fen_text.h"
#include "core/perft.h"
#include "games/xiangqi/board_text.h"
#include "games/xiangqi/notation.h"
#include "games/xiangqi/rules.h"
#include "games/xiangqi/square_names.h"

namespace qi::xiangqi {

XiangqiGame::XiangqiGame(int move_limit_plies) : move_limit_plies_(move_limit_plies) { reset(); }

void XiangqiGame::reset() {
  start_ = Position{};
  start_.set_move_limit_plies(move_limit_plies_);
  pos_ = start_;
  moves_.clear();
  played_.clear();
}

Status XiangqiGame::set_fen(std::string_view fen) {
  Expected<Position> pos = Position::from_fen(fen);
  if (!pos) return pos.error();
  start_ = *pos;
  start_.set_move_limit_plies(move_limit_plies_);
  pos_ = start_;
  moves_.clear();
  played_.clear();
  return Ok{};
}

std::string XiangqiGame::board_cells() const {
  std::string cells(kSquares, '.');
  for (Square s = 0; s < kSquares; ++s)
    if (Piece p = pos_.piece_on(s); p != kEmpty) cells[static_cast<std::size_t>(s)] = piece_letter(p);
  return cells;
}

std::optional<std::string> XiangqiGame::checked_square() const {
  if (!pos_.in_check()) return std::nullopt;
  return square_name(pos_.general(pos_.side_to_move()));
}

std::optional<std::string> XiangqiGame::fen_after_pass() const {
  if (pos_.in_check()) return std::nullopt;
  const std::string fen = pos_.fen();  // the fields are views into it
  std::vector<std::string_view> fields = split_fields(fen);
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i)
    out += (i ? " " : "") +
           (i == 1 ? std::string(pos_.side_to_move() == kRed ? "b" : "w") : std::string(fields[i]));
  return out;
}

MoveText XiangqiGame::text_of(Move m) const {
  const std::string iccs = to_iccs(m), chinese = to_chinese(pos_, m);
  return MoveText{iccs,
                  chinese,
                  {square_name(m.from), square_name(m.to)},
                  {},
                  {{"chinese", chinese}, {"wxf", to_wxf(pos_, m)}, {"iccs", iccs}}};
}

std::vector<MoveText> XiangqiGame::legal_moves() const {
  Position::MoveList list;
  pos_.generate_legal(list);
  std::vector<MoveText> out;
  out.reserve(list.size());
  for (Move m : list) out.push_back(text_of(m));
  return out;
}

Expected<MoveText> XiangqiGame::parse_move(std::string_view text) const {
  Expected<Move> m = xiangqi::parse_move(pos_, text);
  if (!m) return m.error();
  return text_of(*m);
}

std::vector<MoveText> XiangqiGame::moves_matching(std::string_view text) const {
  std::vector<MoveText> out;
  for (Move m : moves_named(pos_, text)) out.push_back(text_of(m));
  return out;
}

void XiangqiGame::push(const MoveText& move) {
  Expected<Move> m = xiangqi::parse_move(pos_, move.id);
  if (!m) return;
  played_.push_back(text_of(*m));
  moves_.push_back(*m);
  pos_.make(*m);
}

bool XiangqiGame::pop() {
  if (moves_.empty()) return false;
  pos_.unmake(moves_.back());
  moves_.pop_back();
  played_.pop_back();
  return true;
}

Outcome XiangqiGame::outcome() const { return judge(pos_); }
std::vector<Outcome> XiangqiGame::draw_claims() const { return claimable_draws(pos_); }
bool XiangqiGame::can_win(Side side) const { return has_attacking_piece(pos_, side); }

// The odds of the xiangqi tradition, from the giver's left: 让单马 (the left
// horse), 让双马, 让单车 (the left chariot), 让车马. The Chinese names are
// accepted too.
Expected<std::string> XiangqiGame::handicap_fen(std::string_view name, Side giver) const {
  struct Odds {
    std::string_view name, chinese;
    std::vector<int> files;  // from the giver's left
    std::vector<char> pieces;
  };
  static const Odds kOdds[] = {{"one_horse", "让单马", {1}, {'n'}},
                               {"two_horses", "让双马", {1, 7}, {'n', 'n'}},
                               {"one_chariot", "让单车", {0}, {'r'}},
                               {"chariot_horse", "让车马", {0, 1}, {'r', 'n'}}};
  for (const Odds& o : kOdds) {
    if (name != o.name && name != o.chinese) continue;
    const bool red = giver == kRed;
    std::vector<Removal> off;
    for (std::size_t i = 0; i < o.files.size(); ++i)
      off.push_back({red ? o.files[i] : kFiles - 1 - o.files[i], red ? 0 : kRanks - 1,
                     red ? static_cast<char>(o.pieces[i] - 'a' + 'A') : o.pieces[i]});
    std::optional<std::string> fen = fen_without(kStartFen, off);
    if (!fen)
      return make_error("handicap '" + std::string(name) + "' needs the pieces in their starting places");
    return *fen;
  }
  return Game::handicap_fen(name, giver);
}

std::string XiangqiGame::board_text(bool flipped) const { return xiangqi::board_text(pos_, flipped); }

RecordDialect XiangqiGame::record_dialect() const {
  RecordDialect d;
  d.roster = {{"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "?"},
              {"Red", "?"},   {"Black", "?"}, {"Result", "*"}};
  d.player_tags = {"Red", "Black"};
  d.fixed_tags = {{"Game", "Chinese Chess"}, {"Format", "ICCS"}};
  d.variant_tags = {"xiangqi", "chinese chess"};
  // What xiangqi programs write for a result besides PGN's tokens: the
  // tokens in full-width characters, and the Chinese words (红胜 Red wins,
  // 黑胜 Black wins, 和棋 / 和局 / 和 a draw). Written as PGN's.
  d.result_aliases.insert(d.result_aliases.end(), {{"１－０", "1-0"},
                                                   {"０－１", "0-1"},
                                                   {"１／２－１／２", "1/2-1/2"},
                                                   {"½－½", "1/2-1/2"},
                                                   {"红胜", "1-0"},
                                                   {"紅勝", "1-0"},
                                                   {"黑胜", "0-1"},
                                                   {"黑勝", "0-1"},
                                                   {"和棋", "1/2-1/2"},
                                                   {"和局", "1/2-1/2"},
                                                   {"和", "1/2-1/2"}});
  return d;
}

// Upper-case ICCS with a dash ("H2-E2"), as the records with Format "ICCS"
// that xiangqi programs exchange write it.
std::string XiangqiGame::record_move_text(const MoveText& m) const {
  const std::string& s = m.id;
  if (s.size() != 4) return s;
  return std::string{static_cast<char>(s[0] - 32), s[1], '-', static_cast<char>(s[2] - 32), s[3]};
}

std::uint64_t XiangqiGame::perft(int depth) const {
  Position pos = pos_;
  return qi::perft(pos, depth);
}

std::vector<std::pair<std::string, std::uint64_t>> XiangqiGame::perft_divide(int depth) const {
  Position pos = pos_;
  std::vector<std::pair<std::string, std::uint64_t>> out;
  for (const auto& [m, n] : qi::perft_divide(pos, depth)) out.emplace_back(to_iccs(m), n);
  return out;
}

std::unique_ptr<qi::Game> make_game(int move_limit_plies) {
  return std::make_unique<XiangqiGame>(move_limit_plies);
}

}  // namespace qi::xiangqi
