#include "app/storage/pg_pool.h"

namespace qi::app {

Expected<std::unique_ptr<PgPool>> PgPool::open(const std::string& uri, int size) {
  std::unique_ptr<PgPool> pool(new PgPool(uri));
  for (int i = 0; i < std::max(size, 1); ++i) {
    auto conn = PgConnection::open(uri);
    if (!conn) return conn.error();
    pool->idle_.push_back(std::move(*conn));
  }
  return pool;
}

PgPool::Lease::~Lease() {
  if (conn_) pool_->give_back(std::move(conn_));
}

void PgPool::give_back(std::unique_ptr<PgConnection> conn) {
  {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(conn));
  }
  freed_.notify_one();
}

PgPool::Lease PgPool::take() {
  std::unique_ptr<PgConnection> conn;
  {
    std::unique_lock lock(mutex_);
    freed_.wait(lock, [&] { return !idle_.empty(); });
    conn = std::move(idle_.back());
    idle_.pop_back();
  }
  if (conn->broken()) (void)conn->reset();
  return Lease(*this, std::move(conn));
}

Expected<PgResult> PgPool::read(const std::string& sql, const std::vector<PgParam>& params) {
  Lease conn = take();
  auto result = conn->exec(sql, params);
  if (!result && conn->broken() && conn->reset()) result = conn->exec(sql, params);
  return result;
}

}  // namespace qi::app
