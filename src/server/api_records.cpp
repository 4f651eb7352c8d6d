// Which game a pasted record or position is: POST /api/records/identify
// {"record"} asks every registered game (engine/record_identity.h), so that
// the page need not guess.
#include "engine/record_identity.h"
#include "server/api.h"
#include "server/api_fields.h"

namespace qi::server {

using nlohmann::json;

namespace {

json readings_json(const std::vector<RecordReading>& readings) {
  json out = json::array();
  for (const RecordReading& r : readings)
    out.push_back({{"game", r.game}, {"variant", r.variant}, {"plies", r.plies}, {"whole", r.whole}});
  return out;
}

}  // namespace

ApiResponse Api::identify_record(const ApiRequest& request, const json& body) {
  if (auto refused = over_limit(identifications_, request)) return *refused;
  if (auto e = unknown_field(body, {"record"})) return error_response(400, *e);
  std::string text;
  if (auto e = read(body, "record", text, kMaxIdentifiedBytes)) return error_response(400, *e);
  Expected<RecordIdentity> id = qi::identify_record(text);
  if (!id) return error_response(422, id.error());
  json answer = {{"game", id->game.empty() ? json(nullptr) : json(id->game)},
                 {"variant", id->game.empty() ? json(nullptr) : json(id->variant)},
                 {"format", id->format},
                 {"by", std::string(basis_name(id->basis))},
                 {"sure", id->sure},
                 {"plies", id->plies},
                 {"variants", id->variants},
                 {"why", {{"en", id->why.en}, {"zh", id->why.zh}}},
                 {"readings", readings_json(id->readings)}};
  if (!id->assumed.empty()) answer["assumed"] = id->assumed;
  return {200, answer};
}

}  // namespace qi::server
