#include "engine/games/checkers/egdb_tool.h"

#include <chrono>
#include <cstdio>
#include <ostream>

#include "engine/games/checkers/endgame_tables.h"
#include "games/checkers/notation.h"

namespace qi::engine::checkers_tables {
namespace {

namespace eg = qi::checkers::endgame;

// Each piece count's summary to `out` when the next count begins, and
// each table's line to `progress` as it is solved.
Expected<std::string> build(int pieces, int distances, const std::string& dir, std::ostream& out,
                            std::ostream& progress) {
  const auto start = std::chrono::steady_clock::now();
  int last_count = 0;
  double count_seconds = 0;
  std::uint64_t count_positions = 0;
  auto finish_count = [&] {
    if (last_count == 0) return;
    char line[160];
    std::snprintf(line, sizeof line, "%d pieces: %llu positions in %.2f s", last_count,
                  static_cast<unsigned long long>(count_positions), count_seconds);
    out << line << std::endl;
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
    progress << line << '\n';
  });
  finish_count();
  Expected<std::uint64_t> bytes = db.write(dir);
  if (!bytes) return bytes.error();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char line[200];
  std::snprintf(line, sizeof line, "wrote %llu bytes (%.1f MiB) to %s; %.1f s in all",
                static_cast<unsigned long long>(*bytes), static_cast<double>(*bytes) / (1 << 20), dir.c_str(),
                seconds);
  return std::string(line);
}

eg::Database load(const std::string& dir, std::vector<std::string>& problems) {
  return eg::Database::load(dir, eg::kMaxTablePieces, &problems);
}

Expected<std::string> probe(std::string_view fen, const std::string& dir,
                            std::vector<std::string>& problems) {
  Expected<checkers::Setup> setup = checkers::parse_fen(fen, checkers::BoardShape{});
  if (!setup) return setup.error();
  eg::EnglishPosition pos;
  pos.set_side_to_move(eg::EnglishPosition::side_of(setup->to_move));
  for (const checkers::PlacedPiece& p : setup->pieces)
    pos.put(eg::EnglishPosition::side_of(p.colour), p.square, p.king);
  const eg::Database db = load(dir, problems);
  const std::optional<eg::Probe> value = db.probe(pos);
  if (!value)
    return make_error("not in the tables of " + dir + " (" + std::to_string(db.pieces()) +
                      " pieces or fewer there)");
  std::string text = eg::value_name(value->value);
  if (value->distance >= 0 && value->value != eg::Value::Draw)
    text += " in " + std::to_string(value->distance) + " plies";
  return text;
}

std::string check(const std::string& dir, std::vector<std::string>& problems) {
  const eg::Database db = load(dir, problems);
  return dir + ": every table of up to " + std::to_string(db.pieces()) + " pieces, distances up to " +
         std::to_string(db.distance_pieces());
}

}  // namespace

const EndgameTables kEndgameTables{
    .description = "English checkers endgame tables",
    .fen_format = "English checkers FEN",
    .min_pieces = 2,
    .max_pieces = eg::kMaxTablePieces,
    .distance_pieces = 4,
    .directory_for = &directory_for,
    .build = &build,
    .probe = &probe,
    .check = &check,
};

}  // namespace qi::engine::checkers_tables
