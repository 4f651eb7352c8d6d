// A fixed number of PostgreSQL connections shared by the server's threads:
// each is used by one thread at a time, so requests on different games run
// side by side rather than one after another on one connection. A lost
// connection is made again when it is next taken.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "app/storage/pg_connection.h"

namespace qi::app {

class PgPool {
 public:
  // Opens `size` connections (at least one); fails if the first cannot be.
  static Expected<std::unique_ptr<PgPool>> open(const std::string& uri, int size);

  // A connection taken from the pool, given back when it goes out of scope.
  class Lease {
   public:
    Lease(PgPool& pool, std::unique_ptr<PgConnection> conn) : pool_(&pool), conn_(std::move(conn)) {}
    Lease(Lease&&) = default;
    ~Lease();
    PgConnection& operator*() { return *conn_; }
    PgConnection* operator->() { return conn_.get(); }
    explicit operator bool() const { return conn_ != nullptr; }

   private:
    PgPool* pool_;
    std::unique_ptr<PgConnection> conn_;
  };

  // Waits for a free connection; a lost one is connected again first (a
  // server that is still away leaves it lost: its statements then fail).
  Lease take();

  // Runs a reading statement; if it fails because the connection was lost,
  // once more on a fresh connection (a read is safe to repeat).
  Expected<PgResult> read(const std::string& sql, const std::vector<PgParam>& params = {});

 private:
  explicit PgPool(std::string uri) : uri_(std::move(uri)) {}
  void give_back(std::unique_ptr<PgConnection> conn);

  std::string uri_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<std::unique_ptr<PgConnection>> idle_;
};

}  // namespace qi::app
