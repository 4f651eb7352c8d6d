// A Store that passes everything to another, for tests that put something
// in front of a real store (a failing disk, an announcement of each commit):
// they override what they change.
#pragma once

#include "app/storage/store.h"

namespace qi::test {

class ForwardingStore : public app::Store {
 public:
  explicit ForwardingStore(app::Store& inner) : inner_(inner) {}

  Status save_game(const app::GameWrite& w) override { return inner_.save_game(w); }
  Expected<app::StaleWrites> save_games(const std::vector<app::GameWrite>& writes) override {
    return inner_.save_games(writes);
  }
  Expected<std::vector<app::Session::Saved>> unfinished_games() override { return inner_.unfinished_games(); }
  Expected<std::optional<app::Session::Saved>> load_game(const std::string& id) override {
    return inner_.load_game(id);
  }
  Expected<std::vector<app::GameSummary>> list_games(int limit, std::optional<std::int64_t> player) override {
    return inner_.list_games(limit, player);
  }
  Expected<app::Player> add_player(const std::string& name, const std::string& hash = {}) override {
    return inner_.add_player(name, hash);
  }
  Expected<std::vector<app::Player>> players() override { return inner_.players(); }
  Expected<std::optional<app::Player>> player(std::int64_t id) override { return inner_.player(id); }
  Expected<std::optional<app::Rating>> rating(std::int64_t p, const std::string& g) override {
    return inner_.rating(p, g);
  }
  Status save_rating(const app::Rating& r, const std::string& id, std::int64_t at) override {
    return inner_.save_rating(r, id, at);
  }
  Expected<std::vector<app::RatingPoint>> rating_history(std::int64_t p, const std::string& g) override {
    return inner_.rating_history(p, g);
  }
  Expected<bool> rated_already(const std::string& id) override { return inner_.rated_already(id); }
  // Accounts and lesson progress pass too, so that a test in front of a real
  // store logs in and keeps progress as the store does.
  Expected<std::optional<std::string>> password_hash(std::int64_t p) override {
    return inner_.password_hash(p);
  }
  Status set_password_hash(std::int64_t p, const std::string& hash) override {
    return inner_.set_password_hash(p, hash);
  }
  Status add_login(const std::string& token_hash, std::int64_t p, std::int64_t now_ms,
                   std::int64_t expires_ms) override {
    return inner_.add_login(token_hash, p, now_ms, expires_ms);
  }
  Expected<std::optional<std::int64_t>> login_player(const std::string& token_hash,
                                                     std::int64_t now_ms) override {
    return inner_.login_player(token_hash, now_ms);
  }
  Status remove_login(const std::string& token_hash) override { return inner_.remove_login(token_hash); }
  Status record_lesson_stars(const app::LessonProgress& done) override {
    return inner_.record_lesson_stars(done);
  }
  Expected<std::vector<app::LessonProgress>> lesson_progress(std::int64_t p) override {
    return inner_.lesson_progress(p);
  }
  Expected<bool> save_tournament(const app::StoredTournament& t, std::uint64_t expected_version) override {
    return inner_.save_tournament(t, expected_version);
  }
  Expected<std::optional<app::StoredTournament>> tournament(const std::string& id) override {
    return inner_.tournament(id);
  }
  Expected<std::vector<app::StoredTournament>> tournaments(int limit) override {
    return inner_.tournaments(limit);
  }
  Expected<int> unfinished_tournaments(std::int64_t organiser) override {
    return inner_.unfinished_tournaments(organiser);
  }

 protected:
  app::Store& inner_;
};

}  // namespace qi::test
