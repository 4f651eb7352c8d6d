// Reviews and hints (SessionManager's): the engine's analysis of a game,
// searched in the asking client's turn of the analysis queue without the
// game's lock; reviews kept as their JSON text per game and number of moves.
#include <cmath>

#include "app/refusal_codes.h"
#include "app/review_marks.h"
#include "app/session_json.h"
#include "app/session_manager.h"
#include "app/storage/stored_game.h"

namespace qi::app {

Expected<nlohmann::json> SessionManager::hint(const std::string& id, const std::string& token,
                                              const std::string& client) {
  std::shared_ptr<const Game> position;
  std::uint64_t version = 0;
  {
    std::unique_lock<std::mutex> lock;
    auto held = table_.lock_seat(id, token, lock);
    if (!held) return held.error();
    const std::shared_ptr<Entry>& e = held->entry;
    const std::optional<Side> seat = held->seat;
    Session& s = *e->session;
    s.contact(*seat, time_.now_ms());
    if (s.over())
      return make_error(checked_code(kRefereeRefusals, "game_over"),
                        "the game is over: " + s.game().describe(s.outcome()));
    if (s.game().side_to_move() != *seat)
      return make_error(refusal("hint_own_turn"), "a hint is for your own turn");
    position = s.game().clone();
    version = s.version();
  }
  // The search, without the game's lock, in the client's turn; the same
  // hint asked twice (a double click) is searched once.
  return analysis_.run(
      client, "hint/" + id + "/" + std::to_string(version),
      [this, position]() -> Expected<nlohmann::json> { return hint_json(opponent_.hint(*position)); });
}

Expected<std::unique_ptr<Game>> SessionManager::game_copy(const std::string& id) {
  if (auto e = table_.find_in_memory(id)) {
    std::lock_guard lock(e->mutex);
    if (Status st = cluster_.refresh_if_stale(*e); !st) return st.error();
    if (!e->removed) return e->session->game().clone();
  }
  auto saved = store_.load_game(id);
  if (!saved) return saved.error();
  if (!*saved) return make_error("there is no game " + id);
  auto session = restore_stored_game(**saved, time_.now_ms());
  if (!session) return session.error();
  return (*session)->game().clone();
}

Expected<nlohmann::json> SessionManager::review(const std::string& id, const std::string& client) {
  Expected<std::shared_ptr<const std::string>> text = review_text(id, client);
  if (!text) return text.error();
  return nlohmann::json::parse(**text);
}

Expected<std::shared_ptr<const std::string>> SessionManager::review_text(const std::string& id,
                                                                         const std::string& client) {
  auto copy = game_copy(id);
  if (!copy) return copy.error();
  std::shared_ptr<const Game> game = std::move(*copy);
  std::string key = id + "/" + std::to_string(game->moves_played().size());
  {
    std::lock_guard lock(review_mutex_);
    if (auto it = reviews_.find(key); it != reviews_.end()) return it->second;
  }
  // In the client's turn; the same review asked for while it is searched
  // waits for that search. The job leaves the review's text in `made` and
  // the cache, and answers nothing itself: once the caller has its answer,
  // the queue (whose worker lets go of a job a moment after answering it)
  // holds nothing of the review.
  auto made = std::make_shared<std::shared_ptr<const std::string>>();
  Expected<nlohmann::json> done =
      analysis_.run(client, "review/" + key, [this, id, key, game, made]() -> Expected<nlohmann::json> {
        auto text = review_now(id, key, *game);
        if (!text) return text.error();
        *made = std::move(*text);
        return nlohmann::json(nullptr);
      });
  if (!done) return done.error();
  if (*made) return *made;
  // Another request's search of the same review answered this one too.
  std::lock_guard lock(review_mutex_);
  if (auto it = reviews_.find(key); it != reviews_.end()) return it->second;
  return make_error("busy", "the review was made but is no longer kept: ask again");
}

Expected<std::shared_ptr<const std::string>> SessionManager::review_now(const std::string& id,
                                                                        const std::string& key,
                                                                        const Game& game) {
  {
    // Finished by a request that came just before this one.
    std::lock_guard lock(review_mutex_);
    if (auto it = reviews_.find(key); it != reviews_.end()) return it->second;
  }
  std::vector<MoveText> moves = game.moves_played();
  // The slow part, no game's lock held; the server stopping ends it.
  std::vector<PositionReview> reviewed = opponent_.review(game, &stopping_);
  if (stopping_) return make_error("the server is stopping");
  std::vector<Side> movers;  // who made each move: the side to move before it
  for_each_position(game, [&](const Game& position, std::size_t i) {
    if (i < moves.size()) movers.push_back(position.side_to_move());
  });
  const std::vector<MoveJudgement> judged = judge_moves(reviewed, movers);
  nlohmann::json plies = nlohmann::json::array();
  for_each_position(game, [&](const Game& position, std::size_t i) {
    if (i >= reviewed.size()) return;
    const PositionReview& r = reviewed[i];
    nlohmann::json score =
        r.mate ? nlohmann::json{{"mate", *r.mate}} : nlohmann::json{{"cp", r.cp.value_or(0)}};
    plies.push_back({{"ply", i},
                     {"fen", position.fen()},
                     {"move", i == 0 ? nlohmann::json(nullptr) : nlohmann::json(moves[i - 1].id)},
                     {"display", i == 0 ? nlohmann::json(nullptr) : nlohmann::json(moves[i - 1].display)},
                     {"score", score},
                     {"win", r.win},
                     {"draw", r.draw},
                     {"loss", r.loss},
                     {"best", r.best ? nlohmann::json(r.best->id) : nlohmann::json(nullptr)},
                     {"best_display", r.best ? nlohmann::json(r.best->display) : nlohmann::json(nullptr)}});
    if (r.best) {
      plies.back()["best_squares"] = r.best->squares;
      plies.back()["best_move"] = move_json(*r.best);
    }
    // The move into this position: a book move, the expected score it lost
    // for the side that made it (move_loss) and its mark (review_marks.h);
    // the move itself (played) and the engine's choice in its place when
    // that was another (better), each in every notation of the game, so
    // that an entry explains its own move whatever notation is read.
    plies.back()["book"] = r.book;
    if (i > 0 && i - 1 < judged.size()) {
      const MoveJudgement& j = judged[i - 1];
      const std::optional<MoveText>& choice = reviewed[i - 1].best;
      plies.back()["move_loss"] = std::round(j.loss * 1000) / 1000;
      plies.back()["mark"] = j.mark ? nlohmann::json(*j.mark) : nlohmann::json(nullptr);
      plies.back()["played"] = move_json(moves[i - 1]);
      plies.back()["better"] =
          choice && choice->id != moves[i - 1].id ? move_json(*choice) : nlohmann::json(nullptr);
    } else {
      plies.back()["mark"] = nullptr;
    }
  });
  nlohmann::json out = {{"id", id},
                        {"game", std::string(game.name())},
                        {"variant", std::string(game.variant())},
                        {"point_of_view", "first"},
                        {"first_player", game.side_name(Side::First)},
                        {"plies", std::move(plies)}};
  // Kept as its text: a tenth of the memory of the JSON values.
  auto text =
      std::make_shared<const std::string>(out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  std::lock_guard lock(review_mutex_);
  if (reviews_.size() >= options_.review_cache_size) reviews_.erase(reviews_.begin());
  reviews_[key] = text;
  return text;
}

}  // namespace qi::app
