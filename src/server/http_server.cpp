#include "server/http_server.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <filesystem>

#include "app/opponent.h"
#include "app/session_manager.h"
#include "app/storage/group_commit_store.h"
#include "app/storage/postgres_cluster.h"
#include "app/storage/postgres_store.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "server/api.h"
#include "server/client_address.h"
#include "server/http_event_loop.h"
#include "server/request_guard.h"
#include "server/request_stats.h"

namespace qi::server {
namespace fs = std::filesystem;

namespace {

static_assert(ServerLimits{}.max_body_bytes == kMaxBodyBytes, "the HTTP layer refuses what the API would");

std::string executable_dir() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? "." : self.parent_path().string();
}

bool is_wildcard(const std::string& host) { return host == "0.0.0.0" || host == "::" || host == "[::]"; }

// This machine's own addresses, but for loopback: what a listener on the
// wildcard address is reached at from the network. An address (rather than
// a name) in the Host header cannot be a rebound DNS name, so these are
// allowed as hosts.
std::vector<std::string> network_addresses(bool with_v6) {
  std::vector<std::string> found;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return found;
  for (ifaddrs* a = list; a; a = a->ifa_next) {
    if (!a->ifa_addr || (a->ifa_flags & IFF_LOOPBACK) || !(a->ifa_flags & IFF_UP)) continue;
    char text[INET6_ADDRSTRLEN] = {};
    if (a->ifa_addr->sa_family == AF_INET) {
      ::inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(a->ifa_addr)->sin_addr, text, sizeof text);
      found.emplace_back(text);
    } else if (with_v6 && a->ifa_addr->sa_family == AF_INET6) {
      auto* v6 = reinterpret_cast<sockaddr_in6*>(a->ifa_addr);
      if (IN6_IS_ADDR_LINKLOCAL(&v6->sin6_addr)) continue;  // needs a zone: not usable in a URL
      ::inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
      found.push_back("[" + std::string(text) + "]");
    }
  }
  ::freeifaddrs(list);
  return found;
}

}  // namespace

bool is_loopback_host(const std::string& host) {
  if (host == "localhost" || host == "::1" || host == "[::1]") return true;
  in_addr v4{};
  return ::inet_pton(AF_INET, host.c_str(), &v4) == 1 && (ntohl(v4.s_addr) >> 24) == 127;
}

Status serve(const ServeOptions& options, const std::atomic<bool>& stop,
             const std::function<void(const std::string&)>& ready) {
  EventLoopSetup setup;
  setup.host = options.host;
  setup.port = options.port;
  setup.limits = options.limits;
  setup.accounts = options.accounts;
  setup.secure_cookies = options.secure_cookies;
  for (const std::string& proxy : options.trusted_proxies) {
    auto address = canonical_address(proxy);
    if (!address) return make_error("--trusted-proxy " + proxy + ": give the proxy's IP address");
    setup.trusted_proxies.push_back(*address);
  }
  std::vector<std::string> extra = options.allowed_hosts;
  std::vector<std::string> reachable_at;
  if (is_wildcard(options.host)) {
    reachable_at = network_addresses(options.host != "0.0.0.0");
    for (const std::string& a : reachable_at) extra.push_back(a + ":" + std::to_string(options.port));
  }
  auto allowed = allowed_hosts(options.host, options.port, extra);
  if (!allowed) return make_error("--allowed-host: give NAME or NAME:PORT");
  setup.allowed_hosts = std::move(*allowed);
  setup.web_root = options.web_root.empty() ? executable_dir() + "/web" : options.web_root;

  std::string db_path = options.database.empty() ? app::default_database_path() : options.database;
  // SQLite: this server alone. PostgreSQL: perhaps one of several sharing
  // the database, which keep in step through the cluster (app/storage/cluster.h).
  std::unique_ptr<app::Store> database;
  std::unique_ptr<app::Cluster> cluster;
  if (app::is_postgres_uri(db_path)) {
    const std::string instance = app::new_instance_name();
    auto pg = app::PostgresStore::open(db_path, instance);  // migrates first
    if (!pg) return pg.error();
    auto pg_cluster = app::PostgresCluster::open(db_path, instance);
    if (!pg_cluster) return make_error("database: " + pg_cluster.error().message);
    database = std::move(*pg);
    cluster = std::move(*pg_cluster);
  } else {
    auto sqlite = app::SqliteStore::open(db_path, options.durability);
    if (!sqlite) return sqlite.error();
    database = std::move(*sqlite);
    cluster = std::make_unique<app::SoloCluster>();
  }
  // A request is answered once its change is committed; requests arriving
  // together share one commit.
  app::GroupCommitStore store(*database);
  WallClock time;
  auto opponent = app::make_default_opponent();
  app::SessionManager manager(store, *opponent, time, {}, cluster.get());
  if (auto resumed = manager.resume_unfinished(); !resumed)
    return make_error("database " + db_path + ": " + resumed.error().message);
  Api api(manager, store, ApiOptions{.accounts_required = options.accounts});
  RequestStats stats;

  // The address to open: the listening one, or for the wildcard one this
  // machine is reached at from the network.
  std::string shown = options.host;
  if (is_wildcard(options.host))
    shown = reachable_at.empty() ? "127.0.0.1" : reachable_at.front();
  else if (shown.find(':') != std::string::npos && shown.front() != '[')
    shown = "[" + shown + "]";
  std::string address = "http://" + shown + ":" + std::to_string(options.port) + "/";
  if (!fs::exists(setup.web_root + "/index.html"))
    address += "  (no front end in " + setup.web_root + ": run `make build`)";
  // Spectators are counted by each instance and told to the others, so that
  // every page shows everyone watching, whichever instance it talks to.
  SpectatorCounts spectators;
  setup.spectators = &spectators;
  if (cluster->shared()) {
    spectators.on_local_change([&](const std::string& game, int count) {
      cluster->announce({.kind = app::ClusterEvent::Kind::Spectators,
                         .game_id = game,
                         .instance = cluster->instance(),
                         .count = count});
    });
    manager.set_remote_listener([&](const app::ClusterEvent& event) {
      if (event.kind == app::ClusterEvent::Kind::Spectators)
        spectators.set_remote(event.instance, event.game_id, event.count);
    });
  }
  Status served = run_event_loop(setup, api, manager, stats, stop, [&] { ready(address); });
  manager.set_remote_listener(nullptr);
  return served;
}

}  // namespace qi::server
