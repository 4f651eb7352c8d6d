// The text of HTTP requests and answers that the loop reads and writes
// itself, without Boost: a path's and a query's percent-decoding, the path
// of a game's event stream, and a header that is safe to write.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace qi::server {

// %XX decoded (a malformed escape is kept as written); `plus_is_space` for a
// query, where a form writes a space as '+'.
std::string percent_decode(std::string_view s, bool plus_is_space);

// "a=1&b=x%20y" → {a: 1, b: "x y"}; the last of a repeated key wins.
std::map<std::string, std::string> parse_query(std::string_view query);

// "/api/games/<id>/events" → the id (hex digits, as game ids are).
std::optional<std::string> event_stream_game(const std::string& path);

// A header's name and value may not end the header early (no CR, LF, NUL)
// nor be empty.
bool header_is_safe(const std::string& name, const std::string& value);

}  // namespace qi::server
