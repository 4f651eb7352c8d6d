#include "engine/games/checkers/endgame_tables.h"

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <thread>

namespace qi::engine::checkers_tables {
namespace {

// One per process: the directory asked for last, its tables once loaded,
// and the loading threads (joined when the program ends).
class TableStore {
 public:
  ~TableStore() {
    std::vector<std::thread> loaders;
    {
      std::lock_guard lock(mutex_);
      loaders.swap(loaders_);
    }
    for (std::thread& t : loaders) t.join();
  }

  std::shared_ptr<const Database> get(const std::string& dir) {
    std::lock_guard lock(mutex_);
    if (for_tests_) return for_tests_;
    if (dir != dir_) {
      dir_ = dir;
      current_.reset();
      const int generation = ++generation_;
      loaders_.emplace_back([this, dir, generation] {
        std::vector<std::string> found;
        auto db =
            std::make_shared<const Database>(Database::load(dir, checkers::endgame::kMaxTablePieces, &found));
        std::lock_guard publish(mutex_);
        if (generation != generation_) return;
        problems_ = std::move(found);
        if (db->pieces() > 0) current_ = std::move(db);
      });
    }
    return current_;
  }

  std::vector<std::string> problems() {
    std::lock_guard lock(mutex_);
    return problems_;
  }

  void set_for_tests(std::shared_ptr<const Database> tables) {
    std::lock_guard lock(mutex_);
    for_tests_ = std::move(tables);
  }

 private:
  std::mutex mutex_;
  std::string dir_ = std::string(1, '\0');  // no directory asked for yet
  int generation_ = 0;
  std::shared_ptr<const Database> current_, for_tests_;
  std::vector<std::string> problems_;
  std::vector<std::thread> loaders_;
};

TableStore& store() {
  static TableStore s;
  return s;
}

}  // namespace

std::string directory_for(std::string_view option) {
  if (!option.empty()) return std::string(option);
  if (const char* env = std::getenv("QI_EGDB"); env && *env) return env;
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "egdb";
  return (exe.parent_path() / "egdb").string();
}

std::shared_ptr<const Database> tables(std::string_view option) { return store().get(directory_for(option)); }

std::vector<std::string> problems() { return store().problems(); }

void set_tables_for_tests(std::shared_ptr<const Database> tables) {
  store().set_for_tests(std::move(tables));
}

}  // namespace qi::engine::checkers_tables
