// What a page does with a view's tail (docs/app.md, "Live connection"): the
// plies it holds before "from_ply", the tail's after them.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace qi::test {

inline nlohmann::json with_tail(const nlohmann::json& held, nlohmann::json tail) {
  if (!tail.contains("from_ply")) return tail;
  const std::size_t from = tail["from_ply"];
  tail.erase("from_ply");
  for (const char* key : {"moves", "fens", "boards"}) {
    const std::size_t keep = from + (std::string(key) == "moves" ? 0 : 1);
    nlohmann::json whole = nlohmann::json::array();
    for (std::size_t i = 0; i < keep; ++i) whole.push_back(held[key].at(i));
    for (const nlohmann::json& v : tail[key]) whole.push_back(v);
    tail[key] = whole;
  }
  return tail;
}

}  // namespace qi::test
