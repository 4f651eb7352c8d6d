#include "games/xiangqi/xiangqi_game.h"

#include "core/perft.h"
#include "games/xiangqi/board_text.h"
#include "games/xiangqi/notation.h"
#include "games/xiangqi/rules.h"
#include "games/xiangqi/search.h"

namespace qi::xiangqi {

XiangqiGame::XiangqiGame(int move_limit_plies) : move_limit_plies_(move_limit_plies) { reset(); }

void XiangqiGame::reset() {
  start_ = Position{};
  start_.set_move_limit_plies(move_limit_plies_);
  pos_ = start_;
  moves_.clear();
  played_.clear();
  clear_adjudication();
}

Status XiangqiGame::set_fen(std::string_view fen) {
  Expected<Position> pos = Position::from_fen(fen);
  if (!pos) return pos.error();
  start_ = *pos;
  start_.set_move_limit_plies(move_limit_plies_);
  pos_ = start_;
  moves_.clear();
  played_.clear();
  clear_adjudication();
  return Ok{};
}

MoveText XiangqiGame::text_of(Move m) const { return MoveText{to_iccs(m), to_chinese(pos_, m)}; }

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

Outcome XiangqiGame::rules_outcome() const {
  Judgement j = judge(pos_);
  switch (j.verdict) {
    case Verdict::Ongoing:
      return Outcome::ongoing();
    case Verdict::Draw:
      return Outcome::draw(j.termination, j.reason);
    case Verdict::Win:
      return Outcome::win(j.winner, j.termination, j.reason);
  }
  return Outcome::ongoing();
}

MoveText XiangqiGame::builtin_move() const {
  if (!pos_.has_legal_move()) return {};
  return text_of(material_search(pos_, 3));
}

std::string XiangqiGame::board_text(bool flipped) const { return xiangqi::board_text(pos_, flipped); }

std::string XiangqiGame::record() const {
  GameRecord r;
  r.tags = {{"Game", "Chinese Chess"},
            {"Event", "?"},
            {"Site", "?"},
            {"Date", "????.??.??"},
            {"Round", "?"},
            {"Red", "?"},
            {"Black", "?"}};
  r.start_fen = start_.fen();
  r.moves = moves_;
  r.result = score_text(outcome());
  return write_pgn(r);
}

Status XiangqiGame::load_record(std::string_view pgn) {
  Expected<GameRecord> r = read_pgn(pgn);
  if (!r) return r.error();
  Expected<Position> start = Position::from_fen(r->start_fen);
  if (!start) return start.error();
  start->set_move_limit_plies(move_limit_plies_);
  start_ = *start;
  pos_ = start_;
  moves_.clear();
  played_.clear();
  clear_adjudication();
  for (Move m : r->moves) {
    played_.push_back(text_of(m));
    moves_.push_back(m);
    pos_.make(m);
  }
  return Ok{};
}

std::string XiangqiGame::chinese_moves() const { return chinese_move_list(start_, moves_); }

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
