// qi backup: a copy of the web app's database, taken while a server may be
// using it (SQLite's online backup; see app/storage/sqlite_store.h).
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/storage/pg_connection.h"
#include "app/storage/sqlite_store.h"
#include "cli/commands.h"

namespace qi::cli {

void add_backup_command(CLI::App& app, int& exit_code) {
  auto from = std::make_shared<std::string>();
  auto to = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("backup", "Copy the web app's database, even while it is being served");
  cmd->add_option("--db", *from, "The database to copy (default: the user's data directory)");
  cmd->add_option("file", *to, "The new file to write (never overwritten)")->required();
  cmd->callback([from, to, &exit_code] {
    std::string source = from->empty() ? app::default_database_path() : *from;
    if (app::is_postgres_uri(source)) {
      exit_code = report_error(
          "qi backup copies an SQLite file; back up a PostgreSQL database with PostgreSQL's own tools, e.g. "
          "pg_dump --format=custom --file=qi.dump '<the same URL>'");
      return;
    }
    if (Status st = app::backup_database(source, *to); !st) {
      exit_code = report_error(st.error().message);
      return;
    }
    std::cout << "Copied " << source << " to " << *to << std::endl;
  });
}

}  // namespace qi::cli
