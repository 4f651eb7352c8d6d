// The built front end's files as the server sends them (resolve_static_path,
// declared in http_server.h, finds them).
#pragma once

#include <optional>
#include <string>

namespace qi::server {

// "text/javascript; charset=utf-8" for "app.js"; application/octet-stream
// for what it does not know.
std::string content_type_of(const std::string& file);

// The whole file, or nothing when it cannot be read.
std::optional<std::string> read_whole_file(const std::string& file);

// Hashed assets (/assets/...) never change under their name: cached for a
// year; everything else is revalidated.
std::string cache_control_for(const std::string& url_path);

}  // namespace qi::server
