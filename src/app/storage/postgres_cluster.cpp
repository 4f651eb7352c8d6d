#include "app/storage/postgres_cluster.h"

#include <libpq-fe.h>
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <sstream>

#include "app/session.h"

namespace qi::app {
namespace {

std::int64_t system_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Notifications carry at most 8000 bytes.
constexpr std::size_t kMaxPayload = 7999;

}  // namespace

std::string new_instance_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0 || !host[0]) std::snprintf(host, sizeof host, "host");
  std::string name = host;
  for (char& c : name)
    if (c == ' ') c = '_';
  return name + ":" + std::to_string(::getpid()) + ":" + new_token().substr(0, 8);
}

std::string event_payload(const ClusterEvent& e) {
  std::ostringstream out;
  if (e.kind == ClusterEvent::Kind::Presence)
    out << "P " << e.instance << ' ' << (e.side == Side::First ? 0 : 1) << ' ' << e.at_ms << ' ' << e.game_id;
  else if (e.kind == ClusterEvent::Kind::Spectators)
    out << "S " << e.instance << ' ' << e.count << ' ' << e.game_id;
  return out.str();
}

std::optional<ClusterEvent> parse_event_payload(const std::string& payload) {
  std::istringstream in(payload);
  std::string kind;
  ClusterEvent e;
  if (!(in >> kind >> e.instance)) return std::nullopt;
  if (kind == "P") {
    int side = 0;
    if (!(in >> side >> e.at_ms) || (side != 0 && side != 1)) return std::nullopt;
    e.kind = ClusterEvent::Kind::Presence;
    e.side = side == 0 ? Side::First : Side::Second;
  } else if (kind == "S") {
    if (!(in >> e.count) || e.count < 0) return std::nullopt;
    e.kind = ClusterEvent::Kind::Spectators;
  } else {
    return std::nullopt;
  }
  if (!(in >> e.game_id)) return std::nullopt;
  return e;
}

std::optional<ClusterEvent> parse_game_payload(const std::string& payload) {
  // "<game id> <version> <instance>"
  const auto last = payload.rfind(' ');
  if (last == std::string::npos || last == 0) return std::nullopt;
  const auto middle = payload.rfind(' ', last - 1);
  if (middle == std::string::npos || middle == 0) return std::nullopt;
  ClusterEvent e;
  e.kind = ClusterEvent::Kind::Changed;
  e.game_id = payload.substr(0, middle);
  e.instance = payload.substr(last + 1);
  const std::string version = payload.substr(middle + 1, last - middle - 1);
  if (version.empty() || version.find_first_not_of("0123456789") != std::string::npos || version.size() > 19)
    return std::nullopt;
  e.version = std::stoull(version);
  if (e.instance.empty()) return std::nullopt;
  return e;
}

Expected<std::unique_ptr<PostgresCluster>> PostgresCluster::open(const std::string& uri,
                                                                 std::string instance) {
  if (instance.empty()) instance = new_instance_name();
  auto ops = PgConnection::open(uri);
  if (!ops) return ops.error();
  auto beat = PgConnection::open(uri);
  if (!beat) return beat.error();
  std::unique_ptr<PostgresCluster> cluster(
      new PostgresCluster(uri, std::move(instance), std::move(*ops), std::move(*beat)));
  // Alive before the first claim; listening before anything is missed.
  if (!cluster->renew()) return make_error("database: cannot register this instance in the cluster");
  auto listener = cluster->connect_listener();
  if (!listener) return make_error("database: cannot listen to the other instances");
  cluster->heartbeat_thread_ = std::thread([c = cluster.get()] { c->heartbeat(); });
  cluster->listen_connection_ = std::move(listener);
  cluster->listen_thread_ = std::thread([c = cluster.get()] { c->listen(); });
  cluster->announce_thread_ = std::thread([c = cluster.get()] { c->announcer(); });
  return cluster;
}

PostgresCluster::PostgresCluster(std::string uri, std::string name, std::unique_ptr<PgConnection> ops,
                                 std::unique_ptr<PgConnection> beat)
    : uri_(std::move(uri)), name_(std::move(name)), ops_(std::move(ops)), beat_(std::move(beat)) {}

PostgresCluster::~PostgresCluster() {
  bool was_beating;
  {
    std::lock_guard lock(stop_mutex_);
    stopping_ = true;
    was_beating = beating_;
  }
  stop_cv_.notify_all();
  {
    std::lock_guard lock(announce_mutex_);
    announcer_stopping_ = true;
  }
  announce_cv_.notify_all();
  if (announce_thread_.joinable()) announce_thread_.join();
  if (heartbeat_thread_.joinable()) heartbeat_thread_.join();
  if (listen_thread_.joinable()) listen_thread_.join();
  // Leaving in good order: the others may take this instance's games at
  // once, charging their clocks from now.
  if (was_beating)
    (void)op(
        "UPDATE instances SET renewed_at = clock_timestamp(), alive_until = clock_timestamp() WHERE name = "
        "$1",
        {name_});
}

void PostgresCluster::stop_heartbeat() {
  {
    std::lock_guard lock(stop_mutex_);
    beating_ = false;
  }
  stop_cv_.notify_all();
  if (heartbeat_thread_.joinable()) heartbeat_thread_.join();
}

bool PostgresCluster::renew() {
  const std::string sql =
      "INSERT INTO instances (name, renewed_at, alive_until) VALUES ($1, clock_timestamp(), "
      "clock_timestamp() + "
      "$2 * interval '1 millisecond') ON CONFLICT (name) DO UPDATE SET renewed_at = EXCLUDED.renewed_at, "
      "alive_until = EXCLUDED.alive_until RETURNING (extract(epoch FROM clock_timestamp()) * 1000)::bigint";
  const std::vector<PgParam> params = {name_, pg_param(std::int64_t{kTtlMs})};
  const std::int64_t before = system_ms();
  auto r = beat_->exec(sql, params);
  if (!r && beat_->broken() && beat_->reset()) r = beat_->exec(sql, params);
  if (!r || r->rows() == 0) return false;
  const std::int64_t after = system_ms();
  clock_offset_ms_ = (before + after) / 2 - r->integer(0, 0);
  return true;
}

void PostgresCluster::heartbeat() {
  std::int64_t last_renewed = system_ms();
  std::unique_lock lock(stop_mutex_);
  while (true) {
    stop_cv_.wait_for(lock, std::chrono::milliseconds(kRenewMs), [&] { return stopping_ || !beating_; });
    if (stopping_ || !beating_) return;
    lock.unlock();
    if (renew()) {
      last_renewed = system_ms();
    } else if (system_ms() - last_renewed >= kTtlMs - kRenewMs) {
      // Unable to renew, this instance's leases are about to be the others'
      // to take: it stops acting on them (it claims them again later).
      std::lock_guard held(held_mutex_);
      if (!held_.empty())
        std::cerr
            << "qi: cannot renew this instance's leases in the database; leaving its games to the others"
            << std::endl;
      held_.clear();
    }
    lock.lock();
  }
}

Expected<PgResult> PostgresCluster::op(const std::string& sql, const std::vector<PgParam>& params) {
  std::lock_guard lock(ops_mutex_);
  auto r = ops_->exec(sql, params);
  if (!r && ops_->broken() && ops_->reset()) r = ops_->exec(sql, params);
  return r;
}

bool PostgresCluster::claim(const std::string& game_id) {
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(held_mutex_);
    if (auto it = held_elsewhere_.find(game_id); it != held_elsewhere_.end()) {
      if (now < it->second) return false;
      held_elsewhere_.erase(it);
    }
    // Forgotten as they lapse, so the map stays as small as the games in play.
    if (held_elsewhere_.size() > 100'000)
      std::erase_if(held_elsewhere_, [&](const auto& e) { return e.second <= now; });
  }
  auto r =
      op("INSERT INTO game_leases (game_id, holder, since) VALUES ($1, $2, clock_timestamp()) ON CONFLICT "
         "(game_id) "
         "DO UPDATE SET holder = EXCLUDED.holder, since = EXCLUDED.since WHERE game_leases.holder = "
         "EXCLUDED.holder "
         "OR NOT EXISTS (SELECT 1 FROM instances i WHERE i.name = game_leases.holder AND i.alive_until > "
         "clock_timestamp()) RETURNING holder",
         {game_id, name_});
  const bool held = r && r->rows() == 1;
  std::lock_guard lock(held_mutex_);
  if (held) {
    held_.insert(game_id);
  } else {
    held_.erase(game_id);
    if (r) held_elsewhere_[game_id] = now + kHeldElsewhereMemory;
  }
  return held;
}

bool PostgresCluster::holds(const std::string& game_id) const {
  std::lock_guard lock(held_mutex_);
  return held_.count(game_id) > 0;
}

void PostgresCluster::release(const std::string& game_id) {
  {
    std::lock_guard lock(held_mutex_);
    held_.erase(game_id);
  }
  (void)op("DELETE FROM game_leases WHERE game_id = $1 AND holder = $2", {game_id, name_});
}

std::vector<TakenOver> PostgresCluster::take_over_orphans() {
  std::vector<TakenOver> out;
  // Rows another survivor is taking right now are skipped, not waited for:
  // the survivors share the dead instance's games.
  // No outer join here: a row locked after another survivor took it is
  // checked again against its new holder, which a subquery sees and a
  // NULL-extended join row would not.
  auto r =
      op("WITH orphans AS (SELECT l.game_id, coalesce((SELECT i.renewed_at FROM instances i WHERE i.name = "
         "l.holder), l.since) AS last_seen FROM game_leases l WHERE l.holder <> $1 AND NOT EXISTS (SELECT 1 "
         "FROM "
         "instances i WHERE i.name = l.holder AND i.alive_until > clock_timestamp()) ORDER BY l.game_id "
         "LIMIT $2 "
         "FOR UPDATE OF l SKIP LOCKED) UPDATE game_leases g SET holder = $1, since = clock_timestamp() FROM "
         "orphans o WHERE g.game_id = o.game_id RETURNING g.game_id, (extract(epoch FROM o.last_seen) * "
         "1000)::bigint",
         {name_, pg_param(std::int64_t{kTakeOverBatch})});
  if (!r) return out;
  const std::int64_t offset = clock_offset_ms_;
  bool tidy = false;
  {
    std::lock_guard lock(held_mutex_);
    for (int i = 0; i < r->rows(); ++i) {
      out.push_back({r->text(i, 0), r->integer(i, 1) + offset});
      held_.insert(out.back().game_id);
    }
    tidy = ++take_overs_ % 60 == 0;
  }
  // Now and then, the rows of instances long gone that hold nothing.
  if (tidy)
    (void)op(
        "DELETE FROM instances i WHERE alive_until < clock_timestamp() - interval '1 hour' AND NOT EXISTS "
        "(SELECT 1 FROM game_leases l WHERE l.holder = i.name)",
        {});
  return out;
}

void PostgresCluster::set_listener(std::function<void(const ClusterEvent&)> listener) {
  std::lock_guard lock(listener_mutex_);
  listener_ = std::move(listener);
}

void PostgresCluster::deliver(const ClusterEvent& event) {
  if (event.instance == name_) return;  // its own announcements
  std::lock_guard lock(listener_mutex_);
  if (listener_) listener_(event);
}

void PostgresCluster::announce(const ClusterEvent& event) {
  // Changes are announced by the store's commits; the rest goes out here.
  if (event.kind != ClusterEvent::Kind::Presence && event.kind != ClusterEvent::Kind::Spectators) return;
  ClusterEvent mine = event;
  mine.instance = name_;
  std::string payload = event_payload(mine);
  if (payload.size() > kMaxPayload) return;
  {
    std::lock_guard lock(announce_mutex_);
    if (waiting_.size() >= kMaxWaitingAnnouncements) waiting_.pop_front();
    waiting_.push_back(std::move(payload));
  }
  announce_cv_.notify_one();
}

void PostgresCluster::announcer() {
  std::unique_lock lock(announce_mutex_);
  while (true) {
    announce_cv_.wait(lock, [&] { return announcer_stopping_ || !waiting_.empty(); });
    // What is waiting when it stops is still sent: an instance that leaves
    // in good order has said everything.
    if (waiting_.empty()) return;
    std::vector<std::string> batch;
    while (!waiting_.empty() && batch.size() < kAnnouncementBatch) {
      batch.push_back(std::move(waiting_.front()));
      waiting_.pop_front();
    }
    lock.unlock();
    (void)op("SELECT pg_notify('qi_events', p) FROM unnest($1::text[]) AS p", {pg_text_array(batch)});
    lock.lock();
  }
}

std::string pg_text_array(const std::vector<std::string>& items) {
  std::string out = "{";
  for (const std::string& item : items) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (char c : item) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  out += '}';
  return out;
}

std::unique_ptr<PgConnection> PostgresCluster::connect_listener() {
  auto conn = PgConnection::open(uri_);
  if (!conn) return nullptr;
  if (!(*conn)->exec("LISTEN qi_games") || !(*conn)->exec("LISTEN qi_events")) return nullptr;
  return std::move(*conn);
}

void PostgresCluster::listen() {
  auto stopping = [&] {
    std::lock_guard lock(stop_mutex_);
    return stopping_;
  };
  while (!stopping()) {
    if (!listen_connection_ || listen_connection_->broken()) {
      listen_connection_ = connect_listener();
      if (!listen_connection_) {
        std::unique_lock lock(stop_mutex_);
        stop_cv_.wait_for(lock, std::chrono::milliseconds(500), [&] { return stopping_; });
        continue;
      }
      // What was said while nobody listened is lost.
      ClusterEvent missed;
      missed.kind = ClusterEvent::Kind::Missed;
      missed.instance = "";
      std::lock_guard lock(listener_mutex_);
      if (listener_) listener_(missed);
    }
    PGconn* conn = listen_connection_->raw();
    pollfd fd{PQsocket(conn), POLLIN, 0};
    if (fd.fd < 0 || ::poll(&fd, 1, 200) < 0) continue;
    if (!PQconsumeInput(conn)) {
      if (!listen_connection_->broken()) listen_connection_.reset();  // a failed read: start again
      continue;
    }
    while (PGnotify* n = PQnotifies(conn)) {
      const std::string channel = n->relname, payload = n->extra;
      PQfreemem(n);
      auto event = channel == "qi_games" ? parse_game_payload(payload) : parse_event_payload(payload);
      if (event) deliver(*event);
    }
  }
}

}  // namespace qi::app
