#include "server/http_server.h"

#include <httplib.h>

#include <sys/socket.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "app/opponent.h"
#include "app/session_manager.h"
#include "app/sqlite_store.h"
#include "app/group_commit_store.h"
#include "core/clock.h"
#include "server/api.h"
#include "server/request_stats.h"

namespace qi::server {
namespace fs = std::filesystem;

namespace {

constexpr int kServerThreads = 512;
constexpr int kListenBacklog = 1024;

std::string content_type(const fs::path& file) {
  static const std::map<std::string, std::string> types = {{".html", "text/html; charset=utf-8"},
                                                           {".js", "text/javascript; charset=utf-8"},
                                                           {".css", "text/css; charset=utf-8"},
                                                           {".svg", "image/svg+xml"},
                                                           {".png", "image/png"},
                                                           {".json", "application/json"},
                                                           {".ico", "image/x-icon"},
                                                           {".woff2", "font/woff2"},
                                                           {".txt", "text/plain; charset=utf-8"},
                                                           {".webmanifest", "application/manifest+json"}};
  auto it = types.find(file.extension().string());
  return it == types.end() ? "application/octet-stream" : it->second;
}

void send_json(httplib::Response& res, const ApiResponse& api) {
  res.status = api.status;
  res.set_content(api.body.dump(), "application/json; charset=utf-8");
}

std::string executable_dir() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? "." : self.parent_path().string();
}

}  // namespace

Expected<std::string> resolve_static_path(const std::string& root, const std::string& url_path) {
  if (url_path.empty() || url_path[0] != '/') return make_error("a path starts with /");
  if (url_path.find('\0') != std::string::npos || url_path.find('\\') != std::string::npos)
    return make_error("bad character in path");
  std::string rel = url_path.substr(1);
  std::stringstream parts(rel);
  std::string part;
  while (std::getline(parts, part, '/'))
    if (part == ".." || (!part.empty() && part[0] == '.')) return make_error("the path leaves the web root");
  std::error_code ec;
  fs::path base = fs::weakly_canonical(root, ec);
  if (ec) return make_error("no web root");
  fs::path file = rel.empty() ? base / "index.html" : fs::weakly_canonical(base / rel, ec);
  if (ec) return make_error("not found");
  std::string b = base.string(), f = file.string();
  if (f.compare(0, b.size(), b) != 0 || (f.size() > b.size() && f[b.size()] != '/'))
    return make_error("the path leaves the web root");
  if (fs::is_regular_file(file, ec)) return f;
  if (fs::path(rel).extension().empty() && fs::is_regular_file(base / "index.html", ec))
    return (base / "index.html").string();
  return make_error("not found");
}

Status serve(const ServeOptions& options, const std::atomic<bool>& stop,
             const std::function<void(const std::string&)>& ready) {
  std::string db_path = options.database.empty() ? app::default_database_path() : options.database;
  auto database = app::SqliteStore::open(db_path, options.durability);
  if (!database) return database.error();
  // A request is answered once its change is committed; requests arriving
  // together share one commit.
  app::GroupCommitStore store(**database);
  std::string web_root = options.web_root.empty() ? executable_dir() + "/web" : options.web_root;

  WallClock time;
  auto opponent = app::make_default_opponent();
  app::SessionManager manager(store, *opponent, time);
  manager.resume_unfinished();
  Api api(manager, store);

  httplib::Server http;
  // A connection holds a thread while it is kept alive, and each live view
  // holds one for good: with 64 threads a hundred players queued behind each
  // other for seconds. The threads mostly sleep.
  http.new_task_queue = [] { return new httplib::ThreadPool(kServerThreads); };
  // cpp-httplib listens with a backlog of 5 (a compile-time default of the
  // packaged library): a burst of new connections overflowed it and each
  // dropped one waited for the client's SYN retry (1 s, then 3 s). The
  // listening socket is noted here and listen() is called again with a
  // larger backlog once it is bound.
  int listening_socket = -1;
  // Headers and body go out in two writes; with Nagle's algorithm the body
  // waited for the client's delayed acknowledgement (40 ms a request).
  http.set_tcp_nodelay(true);
  http.set_socket_options([&listening_socket](socket_t sock) {
    httplib::default_socket_options(sock);
    listening_socket = sock;
  });
  http.set_payload_max_length(kMaxBodyBytes + 1);
  http.set_default_headers({{"X-Content-Type-Options", "nosniff"}, {"Referrer-Policy", "no-referrer"}});

  RequestStats stats;
  auto to_api = [&api, &stats](const httplib::Request& req, httplib::Response& res) {
    ApiRequest r{req.method, req.path, {}, req.body};
    for (const auto& [k, v] : req.params) r.query[k] = v;
    if (r.path == "/api/stats" && r.method == "GET") return send_json(res, {200, stats.summary()});
    auto started = std::chrono::steady_clock::now();
    ApiResponse out = api.handle(r);
    stats.record(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started)
            .count());
    send_json(res, out);
  };
  http.Get(R"(/api/games/([0-9a-f]{1,32})/events)", [&](const httplib::Request& req, httplib::Response& res) {
    std::string id = req.matches[1];
    auto first = manager.view(id);
    if (!first) return send_json(res, error_response(404, first.error().message));
    res.set_header("Cache-Control", "no-cache");
    auto seen = std::make_shared<std::uint64_t>(0);
    auto quiet = std::make_shared<int>(0);  // seconds since the last write
    res.set_chunked_content_provider(
        "text/event-stream", [&, id, seen, quiet](std::size_t, httplib::DataSink& sink) {
          if (stop) return false;
          // Wait a second at a time so that a stopping server is not held up.
          std::uint64_t version = *seen == 0 ? 1 : manager.wait_for_change(id, *seen, 1'000);
          if (version == 0) {  // the game left memory: send its final state once more and stop
            if (auto v = manager.view(id)) {
              std::string msg = "data: " + v->dump() + "\n\n";
              sink.write(msg.data(), msg.size());
            }
            sink.done();
            return true;
          }
          if (version > *seen || *seen == 0) {
            auto v = manager.view(id);
            if (!v) return false;
            *seen = (*v)["version"].get<std::uint64_t>();
            *quiet = 0;
            std::string msg = "data: " + v->dump() + "\n\n";
            return sink.write(msg.data(), msg.size());
          }
          if (++*quiet < 15) return true;
          *quiet = 0;
          static const std::string keepalive = ": keepalive\n\n";
          return sink.write(keepalive.data(), keepalive.size());
        });
  });
  http.Get(R"(/api/.*)", to_api);
  http.Post(R"(/api/.*)", to_api);
  http.Get(R"(/.*)", [&](const httplib::Request& req, httplib::Response& res) {
    auto file = resolve_static_path(web_root, req.path);
    if (!file) {
      res.status = 404;
      res.set_content(file.error().message + "\n", "text/plain; charset=utf-8");
      return;
    }
    std::ifstream in(*file, std::ios::binary);
    std::stringstream data;
    data << in.rdbuf();
    bool hashed = req.path.rfind("/assets/", 0) == 0;
    res.set_header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    res.set_content(data.str(), content_type(*file));
  });
  http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.status == 413)
      res.set_content(R"({"error":"the request body is too large"})", "application/json");
  });

  if (!http.bind_to_port(options.host, options.port))
    return make_error("cannot listen on " + options.host + ":" + std::to_string(options.port));
  if (listening_socket >= 0) (void)::listen(listening_socket, kListenBacklog);
  std::thread watcher([&] {
    while (!stop) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    http.stop();
  });
  std::string address = "http://" + (options.host == "0.0.0.0" ? std::string("127.0.0.1") : options.host) +
                        ":" + std::to_string(options.port) + "/";
  if (!fs::exists(web_root + "/index.html"))
    address += "  (no front end in " + web_root + ": run `make build`)";
  ready(address);
  http.listen_after_bind();
  watcher.join();
  return Ok{};
}

}  // namespace qi::server
