// Reading a request's JSON fields: each refusal names the field, so that a
// misspelt or mistyped option is an error, never a silent default.
#pragma once

#include <charconv>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "app/session_json.h"
#include "core/time_control.h"

namespace qi::server {

// Refuses fields not in `allowed`, so a misspelt option is an error, not a
// silent default.
inline std::optional<std::string> unknown_field(const nlohmann::json& object,
                                                std::initializer_list<const char*> allowed) {
  std::set<std::string> names(allowed.begin(), allowed.end());
  for (const auto& [key, value] : object.items())
    if (!names.contains(key)) return "unknown field '" + key + "'";
  return std::nullopt;
}

// Reads an optional field of the expected JSON type; an error names it.
template <class T>
std::optional<std::string> read(const nlohmann::json& object, const char* name, T& out,
                                std::size_t max_length = 512) {
  if (!object.contains(name) || object[name].is_null()) return std::nullopt;
  const nlohmann::json& v = object[name];
  if constexpr (std::is_same_v<T, std::string>) {
    if (!v.is_string()) return std::string("field '") + name + "' must be a string";
    out = v.get<std::string>();
    if (out.size() > max_length) return std::string("field '") + name + "' is too long";
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!v.is_boolean()) return std::string("field '") + name + "' must be true or false";
    out = v.get<bool>();
  } else {
    // Checked against the field's own type: a number that fits in 64 bits
    // but not in `T` must not wrap (a level of 4294967301 is not level 5).
    static_assert(std::is_integral_v<T>);
    constexpr std::int64_t most = std::min<std::int64_t>(std::numeric_limits<T>::max(), 1'000'000'000'000);
    auto too_big = std::string("field '") + name + "' is out of range (0 to " + std::to_string(most) + ")";
    if (!v.is_number_integer()) return std::string("field '") + name + "' must be a whole number";
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(most)) return too_big;
    auto n = v.get<std::int64_t>();
    if (n < 0 || n > most) return too_big;
    out = static_cast<T>(n);
  }
  return std::nullopt;
}

// A positive number written in a path or a query ("42"), or nothing.
inline std::optional<std::int64_t> parse_id(const std::string& text) {
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size() || v <= 0) return std::nullopt;
  return v;
}

// A time control as the app writes it: {"kind", "base_ms", "increment_ms",
// "per_move_ms", "max_overruns"}; nothing when the field is absent.
inline std::optional<std::string> read_time_control(const nlohmann::json& object, TimeControl& t) {
  if (!object.contains("time_control")) return std::nullopt;
  const nlohmann::json& tc = object["time_control"];
  if (!tc.is_object()) return "field 'time_control' must be an object";
  if (auto e = unknown_field(tc, {"kind", "base_ms", "increment_ms", "per_move_ms", "max_overruns"}))
    return "time_control: " + *e;
  std::string kind = "unlimited";
  std::int64_t per_move_ms = 0;
  for (auto e :
       {read(tc, "kind", kind), read(tc, "base_ms", t.base_ms), read(tc, "increment_ms", t.increment_ms),
        read(tc, "per_move_ms", per_move_ms), read(tc, "max_overruns", t.max_overruns)})
    if (e) return "time_control: " + *e;
  auto k = app::parse_app_kind(kind);
  if (!k) return k.error().message;
  t.kind = *k;
  if (t.kind == TimeControl::Kind::PerMove) t.base_ms = per_move_ms;
  return std::nullopt;
}

}  // namespace qi::server
