// `qi serve` refuses, with a clear message and exit status 2, a database it
// cannot write, one that fails SQLite's integrity check and one whose tables
// are gone, rather than start and lose or hide games. And `qi backup` copies
// a live database.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "../support/free_port.h"
#include "app/opponent.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"

namespace qi::server {
namespace {

namespace fs = std::filesystem;

struct Refusal {
  int status = -1;  // the exit status; -1 when it started serving instead
  std::string stderr_text;
};

// Runs `qi serve` on `db` (as the unprivileged user "nobody" when asked and
// when this runs as root) and waits for it to exit; a server still running
// after 20 s has started, which is the failure.
Refusal serve_once(const std::string& db, bool unprivileged) {
  // The unprivileged user may not reach the build's folder (a clone in
  // root's home): it runs a copy next to the database.
  std::string binary = QI_BINARY;
  if (unprivileged && getuid() == 0) {
    fs::path copy = fs::path(db).parent_path() / "qi";
    std::error_code ec;
    fs::copy_file(QI_BINARY, copy, fs::copy_options::overwrite_existing, ec);
    if (ec) return {};
    fs::permissions(copy, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
    binary = copy.string();
  }
  int err[2];
  if (pipe(err) != 0) return {};
  pid_t pid = fork();
  if (pid == 0) {
    dup2(err[1], 2);
    close(err[0]);
    if (unprivileged && getuid() == 0) {
      if (setgid(65534) != 0 || setuid(65534) != 0) _exit(99);
    }
    std::string port = std::to_string(test::free_loopback_port());
    execl(binary.c_str(), binary.c_str(), "serve", "--db", db.c_str(), "--port", port.c_str(),
          static_cast<char*>(nullptr));
    _exit(98);
  }
  close(err[1]);
  Refusal out;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  int raw = 0;
  while (waitpid(pid, &raw, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &raw, 0);
      close(err[0]);
      return out;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  char buffer[4096];
  while (ssize_t n = read(err[0], buffer, sizeof buffer)) {
    if (n < 0) break;
    out.stderr_text.append(buffer, static_cast<std::size_t>(n));
  }
  close(err[0]);
  out.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return out;
}

struct StorageStartup : ::testing::Test {
  fs::path dir =
      fs::temp_directory_path() / ("qi-startup-" + std::to_string(getpid()) + "-" +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::string db = (dir / "qi.db").string();
  void SetUp() override {
    fs::create_directories(dir);
    // The unprivileged user must be able to reach the folder, not write it.
    fs::permissions(dir, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                             fs::perms::others_read | fs::perms::others_exec);
  }
  void TearDown() override { fs::remove_all(dir); }

  // A database with some games in it, closed.
  void make_database(int games) {
    auto store = app::SqliteStore::open(db).value();
    FakeClock time;
    app::BuiltinOpponent opponent;
    app::SessionManager manager(*store, opponent, time, app::ManagerOptions::driven_by_caller());
    for (int i = 0; i < games; ++i) ASSERT_TRUE(manager.create(app::SessionSetup{}));
  }
};

TEST_F(StorageStartup, ADatabaseItCannotWriteIsRefusedWithExitStatus2) {
  make_database(1);
  // Root ignores file modes: the server runs as nobody on root's file; a
  // test run by another user makes the file read-only instead.
  if (getuid() != 0)
    fs::permissions(db, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  Refusal r = serve_once(db, true);
  EXPECT_EQ(r.status, 2) << r.stderr_text;
  EXPECT_NE(r.stderr_text.find("read-only"), std::string::npos) << r.stderr_text;
}

TEST_F(StorageStartup, ADatabaseWithACorruptedPageIsRefusedWithExitStatus2) {
  make_database(300);
  {
    // Overwrite a page in the middle of the file (SQLite's pages are 4 KiB).
    auto size = fs::file_size(db);
    ASSERT_GT(size, 8 * 4096u);
    std::fstream f(db, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>((size / 4096 / 2) * 4096));
    std::string garbage(4096, '\xA5');
    f.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  }
  Refusal r = serve_once(db, false);
  EXPECT_EQ(r.status, 2) << r.stderr_text;
  EXPECT_NE(r.stderr_text.find("damaged"), std::string::npos) << r.stderr_text;
}

TEST_F(StorageStartup, ADatabaseWithoutItsGamesTableIsRefusedWithExitStatus2) {
  make_database(1);
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, "DROP TABLE games", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(raw);
  Refusal r = serve_once(db, false);
  EXPECT_EQ(r.status, 2) << r.stderr_text;
  EXPECT_NE(r.stderr_text.find("table 'games' is missing"), std::string::npos) << r.stderr_text;
}

TEST_F(StorageStartup, BackupCopiesADatabaseWhileItIsWritten) {
  auto store = app::SqliteStore::open(db).value();
  FakeClock time;
  app::BuiltinOpponent opponent;
  app::SessionManager manager(*store, opponent, time, app::ManagerOptions::driven_by_caller());
  for (int i = 0; i < 50; ++i) ASSERT_TRUE(manager.create(app::SessionSetup{}));
  std::atomic<bool> done{false};
  std::thread writer([&] {
    while (!done) (void)manager.create(app::SessionSetup{});
  });
  std::string copy = (dir / "copy.db").string();
  std::string command = std::string(QI_BINARY) + " backup --db " + db + " " + copy + " > /dev/null 2>&1";
  int status = std::system(command.c_str());
  done = true;
  writer.join();
  ASSERT_EQ(WEXITSTATUS(status), 0);
  auto copied = app::SqliteStore::open(copy);
  ASSERT_TRUE(copied) << copied.error().message;
  EXPECT_GE((*copied)->list_games(1000, std::nullopt).value().size(), 50u);
  // A backup never overwrites a file.
  EXPECT_EQ(WEXITSTATUS(std::system(command.c_str())), 2);
}

}  // namespace
}  // namespace qi::server
