#include "app/storage/challenge_row.h"

#include <nlohmann/json.hpp>

#include "app/session_json.h"

namespace qi::app {

std::string challenge_setup(const Challenge& c) {
  return nlohmann::json{{"game", c.game},
                        {"variant", c.variant},
                        {"time_control", time_control_json(c.time_control)},
                        {"rated", c.rated},
                        {"side", c.side},
                        {"player_id", c.player_id ? nlohmann::json(*c.player_id) : nlohmann::json(nullptr)},
                        {"name", c.name}}
      .dump();
}

std::optional<Challenge> challenge_from_row(const std::array<std::string, 5>& text, std::int64_t created_ms,
                                            std::int64_t expires_ms,
                                            const std::array<std::string, 3>& accepted) {
  Challenge c;
  c.id = text[0];
  c.secret = text[1];
  c.client = text[2];
  c.status = text[3];
  c.created_ms = created_ms;
  c.expires_ms = expires_ms;
  c.game_id = accepted[0];
  c.creator_side = accepted[1];
  c.creator_token = accepted[2];
  nlohmann::json j = nlohmann::json::parse(text[4], nullptr, false);
  if (!j.is_object()) return std::nullopt;
  try {
    c.game = j.at("game").get<std::string>();
    c.variant = j.at("variant").get<std::string>();
    const nlohmann::json& tc = j.at("time_control");
    auto kind = parse_app_kind(tc.at("kind").get<std::string>());
    if (!kind) return std::nullopt;
    c.time_control.kind = *kind;
    c.time_control.base_ms = *kind == TimeControl::Kind::PerMove ? tc.at("per_move_ms").get<std::int64_t>()
                                                                 : tc.at("base_ms").get<std::int64_t>();
    c.time_control.increment_ms = tc.at("increment_ms").get<std::int64_t>();
    c.time_control.max_overruns = tc.at("max_overruns").get<int>();
    c.rated = j.at("rated").get<bool>();
    c.side = j.at("side").get<std::string>();
    if (!j.at("player_id").is_null()) c.player_id = j.at("player_id").get<std::int64_t>();
    c.name = j.at("name").get<std::string>();
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
  return c;
}

}  // namespace qi::app
