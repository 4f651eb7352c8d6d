#include "app/view_text.h"

#include "app/session_json.h"

namespace qi::app {
namespace {

void append_json(std::string& out, const nlohmann::json& value) {
  if (!out.empty()) out += ',';
  out += value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

void ViewText::reset(const Session& s) {
  plies_.clear();
  moves_.clear();
  fens_.clear();
  boards_.clear();
  start_fen_ = s.fens().front();
  append_json(fens_, start_fen_);
  append_json(boards_, s.boards().front());
  start_fens_end_ = fens_.size();
  start_boards_end_ = boards_.size();
}

void ViewText::follow(const Session& s) {
  if (s.fens().front() != start_fen_ || fens_.empty()) reset(s);
  const std::vector<MoveText>& moves = s.moves();
  // A ply is the same when everything before it is and its move is: the
  // same move from the same position writes the same text.
  std::size_t same = 0;
  while (same < plies_.size() && same < moves.size() && plies_[same].move_id == moves[same].id &&
         plies_[same].fen == s.fens()[same + 1])
    ++same;
  if (same < plies_.size()) {
    plies_.resize(same);
    moves_.resize(same == 0 ? 0 : plies_.back().moves_end);
    fens_.resize(same == 0 ? start_fens_end_ : plies_.back().fens_end);
    boards_.resize(same == 0 ? start_boards_end_ : plies_.back().boards_end);
  }
  for (std::size_t i = plies_.size(); i < moves.size(); ++i) {
    append_json(moves_, move_json(moves[i]));
    append_json(fens_, s.fens()[i + 1]);
    append_json(boards_, s.boards()[i + 1]);
    plies_.push_back({moves[i].id, s.fens()[i + 1], moves_.size(), fens_.size(), boards_.size()});
  }
}

std::string ViewText::write(const Session& s, std::int64_t now) {
  follow(s);
  std::string text = public_view_head(s, now).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  text.pop_back();  // the head's closing brace: the arrays follow
  text.reserve(text.size() + moves_.size() + fens_.size() + boards_.size() + 40);
  text += ",\"moves\":[";
  text += moves_;
  text += "],\"fens\":[";
  text += fens_;
  text += "],\"boards\":[";
  text += boards_;
  text += "]}";
  return text;
}

}  // namespace qi::app
