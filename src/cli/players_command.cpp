// qi players: the operator's hand on the web app's profiles, on its database
// whether it is being served or not. Once a server keeps accounts, a profile
// without a password is given one only by its owner's claim code; a profile
// made before any code existed, or whose owner lost theirs, gets one here:
// a new claim code to hand to its owner, or a password set outright.
#include <termios.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/accounts.h"
#include "app/player_name.h"
#include "app/storage/pg_connection.h"
#include "app/storage/postgres_cluster.h"
#include "app/storage/postgres_store.h"
#include "app/storage/sqlite_store.h"
#include "cli/commands.h"
#include "core/clock.h"
#include "core/utf8.h"

namespace qi::cli {
namespace {

constexpr int kMaxClaimDays = 90;

Expected<std::unique_ptr<app::Store>> open_store(const std::string& given) {
  const std::string where = given.empty() ? app::default_database_path() : given;
  if (app::is_postgres_uri(where)) {
    auto pg = app::PostgresStore::open(where, app::new_instance_name());
    if (!pg) return pg.error();
    return std::unique_ptr<app::Store>(std::move(*pg));
  }
  // Never a new, empty database in place of a mistyped one.
  if (!std::filesystem::exists(where)) return make_error("no database at " + where + " (give it with --db)");
  auto sqlite = app::SqliteStore::open(where);
  if (!sqlite) return sqlite.error();
  return std::unique_ptr<app::Store>(std::move(*sqlite));
}

// The profile `who` names: its number, or its name.
Expected<app::Player> find_player(app::Store& store, const std::string& who) {
  if (!who.empty() && who.find_first_not_of("0123456789") == std::string::npos && who.size() < 18) {
    auto p = store.player(std::stoll(who));
    if (!p) return p.error();
    if (*p) return **p;
    return make_error("there is no player " + who);
  }
  auto name = app::normalise_name(who);
  if (name) {
    auto all = store.players();
    if (!all) return all.error();
    for (const app::Player& p : *all)
      if (p.name == *name) return p;
  }
  return make_error("there is no player named '" + who + "' (qi players list shows them)");
}

// A line of standard input, without its end; typed twice, unseen, at a
// terminal.
Expected<std::string> read_new_password(const std::string& name) {
  auto read_line = [](std::string& line) { return static_cast<bool>(std::getline(std::cin, line)); };
  std::string first;
  if (!::isatty(STDIN_FILENO)) {
    if (!read_line(first)) return make_error("no password on standard input");
    if (!first.empty() && first.back() == '\r') first.pop_back();
    return first;
  }
  termios saved{};
  ::tcgetattr(STDIN_FILENO, &saved);
  termios quiet = saved;
  quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
  std::string second;
  std::cerr << "New password for " << name << ": " << std::flush;
  const bool got_first = read_line(first);
  std::cerr << "\nThe same again: " << std::flush;
  const bool got_second = got_first && read_line(second);
  std::cerr << std::endl;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
  if (!got_second) return make_error("no password typed");
  if (first != second) return make_error("the two passwords differ");
  return first;
}

Status list_players(app::Store& store) {
  auto all = store.players();
  if (!all) return all.error();
  for (const app::Player& p : *all)
    std::cout << p.id << '\t' << printable(p.name) << '\t' << (p.has_password ? "password" : "no password")
              << '\n';
  return Ok{};
}

Status set_password(app::Store& store, const std::string& who) {
  auto player = find_player(store, who);
  if (!player) return player.error();
  auto password = read_new_password(player->name);
  if (!password) return password.error();
  if (auto problem = app::Accounts::password_problem(*password)) return make_error(*problem);
  WallClock time;
  app::Accounts accounts(store, time);
  auto hash = accounts.hash(*password);
  if (!hash) return hash.error();
  if (Status st = store.set_password_hash(player->id, *hash); !st) return st;
  std::cout << "Set the password of " << printable(player->name) << " (player " << player->id
            << "); their logins and claim codes have ended." << std::endl;
  return Ok{};
}

Status claim_code(app::Store& store, const std::string& who, int days) {
  auto player = find_player(store, who);
  if (!player) return player.error();
  WallClock time;
  app::Accounts accounts(store, time);
  auto code = accounts.new_claim_code(player->id, "operator", std::int64_t{days} * 24 * 60 * 60 * 1000);
  if (!code) return code.error();
  std::cout << "Claim code for " << printable(player->name) << " (player " << player->id << "): " << *code
            << "\nIt works once, for " << days << (days == 1 ? " day" : " days")
            << ", and replaces any code given before. Hand it to " << printable(player->name)
            << " alone: on their profile page (/player/" << player->id << ") it gives the profile a password."
            << std::endl;
  return Ok{};
}

}  // namespace

void add_players_command(CLI::App& app, int& exit_code) {
  struct Options {
    std::string database, player;
    int days = 7;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "players", "The web app's profiles, for its operator: list them, set a password, make a claim code");
  cmd->require_subcommand(1);
  auto add_db = [&](CLI::App* sub) {
    sub->add_option("--db", options->database,
                    "The web app's database: its SQLite file (default: the user's data directory) or a "
                    "postgresql:// URI; it may be being served");
  };
  CLI::App* list =
      cmd->add_subcommand("list", "Each profile: its number, its name, whether it has a password");
  add_db(list);
  CLI::App* set = cmd->add_subcommand(
      "set-password",
      "Give a profile a new password, read from standard input (typed twice, unseen, at a terminal); its "
      "logins and claim codes end");
  add_db(set);
  set->add_option("player", options->player, "The profile: its number or its name")->required();
  CLI::App* code = cmd->add_subcommand(
      "claim-code",
      "Make a one-time claim code for a profile, by which its owner gives it a password on its page (the "
      "way to claim a profile without one once the server keeps accounts)");
  add_db(code);
  code->add_option("player", options->player, "The profile: its number or its name")->required();
  code->add_option("--days", options->days, "How long the code lasts")
      ->capture_default_str()
      ->check(CLI::Range(1, kMaxClaimDays));

  auto run = [options, &exit_code](auto action) {
    auto store = open_store(options->database);
    if (!store) {
      exit_code = report_error(store.error().message);
      return;
    }
    if (Status st = action(**store); !st) exit_code = report_error(st.error().message);
  };
  list->callback([run] { run([](app::Store& store) { return list_players(store); }); });
  set->callback(
      [run, options] { run([&](app::Store& store) { return set_password(store, options->player); }); });
  code->callback([run, options] {
    run([&](app::Store& store) { return claim_code(store, options->player, options->days); });
  });
}

}  // namespace qi::cli
