// `qi serve`: the page (the built front end, from a web root), the JSON API
// (api.h) and live updates of a game as Server-Sent Events, over cpp-httplib.
#pragma once

#include <atomic>
#include <functional>
#include <string>

#include "app/sqlite_store.h"
#include "core/expected.h"

namespace qi::server {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string database;  // empty: the default per-user file
  std::string web_root;  // empty: "web" next to the executable
  // What an acknowledged move survives: a killed server (the default), or a
  // power cut too (a disk sync per commit: slower answers).
  app::Durability durability = app::Durability::ProcessCrash;
};

// Runs until `stop` becomes true (checked a few times a second). Calls
// `ready` with the address once listening.
Status serve(const ServeOptions& options, const std::atomic<bool>& stop,
             const std::function<void(const std::string& address)>& ready);

// The file under `root` that `url_path` names, or an error when the path
// leaves the root, names a hidden file or does not exist. Paths without an
// extension fall back to index.html (the page routes them itself).
Expected<std::string> resolve_static_path(const std::string& root, const std::string& url_path);

}  // namespace qi::server
