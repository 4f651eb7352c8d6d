// A name a request gives (a profile's, a seat's, a guest's), read as the app
// keeps names (app/player_name.h): normalised, counted in characters, and
// refused with code "name_rules" and the field's name when it cannot be one.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "app/player_name.h"
#include "core/expected.h"
#include "core/text.h"
#include "server/api_fields.h"

namespace qi::server {

// `out` is the name as kept, or empty when the field is missing, empty or
// only spaces (a seat may have no name); the refusal otherwise.
inline std::optional<Error> read_name(const nlohmann::json& object, const char* field, std::string& out) {
  std::string raw;
  if (auto e = read(object, field, raw, app::kMaxNameFieldBytes))
    return Error{*e + " (a name has at most " + std::to_string(app::kMaxNameCharacters) + " characters)",
                 "name_rules"};
  out.clear();
  if (trim(raw).empty()) return std::nullopt;
  auto name = app::normalise_name(raw);
  if (!name) return Error{"field '" + std::string(field) + "': " + name.error().message, "name_rules"};
  out = std::move(*name);
  return std::nullopt;
}

}  // namespace qi::server
