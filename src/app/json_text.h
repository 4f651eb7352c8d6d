// JSON text written straight into a string, for the parts of a view that are
// written for every move (the legal moves, the record): building them as
// nlohmann::json values first costs an allocation per member and per string,
// and a view is written for every version of every game.
#pragma once

#include <string>
#include <string_view>

namespace qi::app {

// Appends `text` as a JSON string (quoted and escaped). Bytes that are not
// UTF-8 become U+FFFD, as nlohmann's dump with error_handler_t::replace
// writes them, so the text is always valid JSON.
void append_json_string(std::string& out, std::string_view text);

}  // namespace qi::app
