#include "app/view_text.h"

#include <atomic>

#include "app/session_json.h"

namespace qi::app {
namespace {

void append_json(std::string& out, const nlohmann::json& value) {
  if (!out.empty()) out += ',';
  out += value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::uint64_t new_line() {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

}  // namespace

void ViewText::reset(const Session& s) {
  line_ = new_line();
  last_plies_.reset();
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
  while (same < plies_.size() && same < moves.size() && plies_[same].move_id == moves[same].id) ++same;
  if (same < plies_.size()) {
    line_ = new_line();
    last_plies_.reset();
    plies_.resize(same);
    moves_.resize(same == 0 ? 0 : plies_.back().moves_end);
    fens_.resize(same == 0 ? start_fens_end_ : plies_.back().fens_end);
    boards_.resize(same == 0 ? start_boards_end_ : plies_.back().boards_end);
  }
  for (std::size_t i = plies_.size(); i < moves.size(); ++i) {
    if (!moves_.empty()) moves_ += ',';
    write_move_json(moves_, moves[i]);
    append_json(fens_, s.fens()[i + 1]);
    append_json(boards_, s.boards()[i + 1]);
    plies_.push_back({moves[i].id, moves_.size(), fens_.size(), boards_.size()});
  }
}

namespace {

void append_arrays(std::string& text, std::string_view moves, std::string_view fens,
                   std::string_view boards) {
  text.reserve(text.size() + moves.size() + fens.size() + boards.size() + 40);
  text.append(",\"moves\":[").append(moves);
  text.append("],\"fens\":[").append(fens);
  text.append("],\"boards\":[").append(boards).append("]}");
}

}  // namespace

ViewText::Written ViewText::write(const Session& s, std::int64_t now) {
  follow(s);
  Written out;
  std::string head = public_view_head(s, now);
  head.pop_back();  // the head's closing brace: the arrays follow
  out.place = {line_, plies_.size()};
  if (last_plies_ && *last_plies_ <= plies_.size()) {
    // The plies from `from` on; the positions after them. A ply's text ends
    // where the next one's comma is.
    const std::size_t from = *last_plies_;
    auto rest = [&](const std::string& joined, std::size_t kept_end) {
      return from == plies_.size() ? std::string_view() : std::string_view(joined).substr(kept_end + 1);
    };
    const bool all = from == 0;
    out.tail_from = from;
    out.tail = head + ",\"from_ply\":" + std::to_string(from);
    append_arrays(out.tail, all ? std::string_view(moves_) : rest(moves_, plies_[from - 1].moves_end),
                  rest(fens_, all ? start_fens_end_ : plies_[from - 1].fens_end),
                  rest(boards_, all ? start_boards_end_ : plies_[from - 1].boards_end));
  }
  // The head's last use: the whole view takes it over.
  out.text = std::move(head);
  append_arrays(out.text, moves_, fens_, boards_);
  last_plies_ = plies_.size();
  return out;
}

}  // namespace qi::app
