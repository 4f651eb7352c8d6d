// The app as `qi serve` puts it together over a store (the group commit, a
// session manager, the API), for tests that make the store fail: restarted
// at will, so that a game is in the store and not in memory.
#pragma once

#include <memory>
#include <string>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/session_manager.h"
#include "app/storage/group_commit_store.h"
#include "core/clock.h"
#include "server/api.h"

namespace qi::test {

class ServedStore {
 public:
  explicit ServedStore(app::Store& database) : database_(database) { restart(); }

  // A new server on the same database: nothing in memory.
  void restart() {
    api_.reset();
    manager_.reset();
    store_.reset();
    store_ = std::make_unique<app::GroupCommitStore>(database_);
    manager_ = std::make_unique<app::SessionManager>(*store_, opponent_, time_,
                                                     app::ManagerOptions::driven_by_caller());
    api_ = std::make_unique<server::Api>(*manager_, *store_);
  }

  server::ApiResponse get(const std::string& path) { return answer(api_->handle({"GET", path, {}, {}})); }
  server::ApiResponse post(const std::string& path, const nlohmann::json& body) {
    return answer(api_->handle({"POST", path, {}, body.dump()}));
  }
  app::SessionManager& manager() { return *manager_; }
  app::Store& store() { return *store_; }

 private:
  app::Store& database_;
  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::GroupCommitStore> store_;
  std::unique_ptr<app::SessionManager> manager_;
  std::unique_ptr<server::Api> api_;
};

}  // namespace qi::test
