// qi egdb build --pieces N --dir DIR [--distances M]
// qi egdb probe --fen FEN [--dir DIR]
// qi egdb check [--dir DIR]
// English checkers endgame tables (docs/checkers-endgame.md): build them by
// retrograde analysis into one file a material signature, read a position's
// value from them ("win", "loss" or "draw" for the side to move, with the
// plies to the end where the tables keep distances), or check a directory's
// files. Without --dir, probe and check use the directory the engine would
// (QI_EGDB, else "egdb" beside qi).
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "engine/games/checkers/endgame_tables.h"
#include "games/checkers/notation.h"

namespace qi::cli {
namespace {

namespace eg = qi::checkers::endgame;

int build_tables(int pieces, int distances, const std::string& dir) {
  const auto start = std::chrono::steady_clock::now();
  int last_count = 0;
  double count_seconds = 0;
  std::uint64_t count_positions = 0;
  auto finish_count = [&] {
    if (last_count == 0) return;
    char line[160];
    std::snprintf(line, sizeof line, "%d pieces: %llu positions in %.2f s", last_count,
                  static_cast<unsigned long long>(count_positions), count_seconds);
    std::cout << line << std::endl;
  };
  eg::Database db = eg::Database::build(pieces, distances, [&](const eg::BuildReport& r) {
    if (r.material.pieces() != last_count) {
      finish_count();
      last_count = r.material.pieces();
      count_seconds = 0;
      count_positions = 0;
    }
    count_seconds += r.seconds;
    count_positions += r.positions;
    char line[200];
    std::snprintf(line, sizeof line, "  %-10s %11llu positions: %llu wins, %llu losses, %llu draws%s",
                  r.material.name().c_str(), static_cast<unsigned long long>(r.positions),
                  static_cast<unsigned long long>(r.wins), static_cast<unsigned long long>(r.losses),
                  static_cast<unsigned long long>(r.draws),
                  r.longest ? (", longest " + std::to_string(r.longest) + " plies").c_str() : "");
    std::cerr << line << '\n';
  });
  finish_count();
  Expected<std::uint64_t> bytes = db.write(dir);
  if (!bytes) return report_error(bytes.error().message);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char line[200];
  std::snprintf(line, sizeof line, "wrote %llu bytes (%.1f MiB) to %s; %.1f s in all",
                static_cast<unsigned long long>(*bytes), static_cast<double>(*bytes) / (1 << 20), dir.c_str(),
                seconds);
  std::cout << line << std::endl;
  return 0;
}

eg::Database load_tables(const std::string& dir, bool& sound) {
  std::vector<std::string> problems;
  eg::Database db = eg::Database::load(dir, eg::kMaxTablePieces, &problems);
  for (const std::string& p : problems) report_error(p);
  sound = problems.empty();
  return db;
}

}  // namespace

void add_egdb_command(CLI::App& app, int& exit_code) {
  struct Options {
    int pieces = 4;
    int distances = -1;
    std::string dir;
    std::string fen;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("egdb", "English checkers endgame tables: build, probe, check");
  command->require_subcommand(1);

  CLI::App* build = command->add_subcommand("build", "Build the tables of up to N pieces into a directory");
  build->add_option("--pieces,-n", options->pieces, "Most pieces on the board (2-6)")
      ->transform(whole_number(2, eg::kMaxTablePieces));
  build
      ->add_option("--distances", options->distances,
                   "Keep plies-to-the-end for tables of up to this many pieces (default: up to 4)")
      ->transform(whole_number(0, eg::kMaxTablePieces));
  build->add_option("--dir", options->dir, "Directory to write into")->required();
  build->callback([options, &exit_code] {
    const int distances = options->distances >= 0 ? options->distances : std::min(options->pieces, 4);
    exit_code = build_tables(options->pieces, distances, options->dir);
  });

  CLI::App* probe =
      command->add_subcommand("probe", "A position's value: win, loss or draw for the side to move");
  probe->add_option("--fen", options->fen, "The position (English checkers FEN)")
      ->required()
      ->check(position_text());
  probe->add_option("--dir", options->dir, "Directory of the tables (default: as the engine finds them)");
  probe->callback([options, &exit_code] {
    Expected<checkers::Setup> setup = checkers::parse_fen(options->fen, checkers::BoardShape{});
    if (!setup) {
      exit_code = report_error(setup.error().message);
      return;
    }
    eg::EnglishPosition pos;
    pos.set_side_to_move(eg::EnglishPosition::side_of(setup->to_move));
    for (const checkers::PlacedPiece& p : setup->pieces)
      pos.put(eg::EnglishPosition::side_of(p.colour), p.square, p.king);
    const std::string dir = engine::checkers_tables::directory_for(options->dir);
    bool sound = true;
    const eg::Database db = load_tables(dir, sound);
    const std::optional<eg::Probe> value = db.probe(pos);
    if (!value) {
      exit_code = report_error("not in the tables of " + dir + " (" + std::to_string(db.pieces()) +
                               " pieces or fewer there)");
      return;
    }
    std::cout << eg::value_name(value->value);
    if (value->distance >= 0 && value->value != eg::Value::Draw)
      std::cout << " in " << value->distance << " plies";
    std::cout << std::endl;
  });

  CLI::App* check = command->add_subcommand("check", "Read every table of a directory and say what it holds");
  check->add_option("--dir", options->dir, "Directory of the tables (default: as the engine finds them)");
  check->callback([options, &exit_code] {
    const std::string dir = engine::checkers_tables::directory_for(options->dir);
    bool sound = true;
    const eg::Database db = load_tables(dir, sound);
    std::cout << dir << ": every table of up to " << db.pieces() << " pieces, distances up to "
              << db.distance_pieces() << std::endl;
    if (!sound) exit_code = kExitBadInput;
  });
}

}  // namespace qi::cli
