// qi_book: builds Qi's own opening book (engine/own_book.h) by searching
// every position near a game's start for much longer than a game allows.
//
//   qi_book GAME [--variant V] --plies N (--movetime MS | --nodes N)
//           [--hash MB] [--jobs J] [--first OPENINGS] --out FILE
//
// The positions: every one reached within N plies of the start (each side
// playing every legal move), counted once however it is reached, where the
// side to move has more than one move, searched nearest the start first. Each is searched by level 10 (its
// own book off, English checkers' endgame tables as `qi` finds them) on one
// thread from an empty table, J positions at a time. FILE is the C++ list
// the game's own_book.cpp compiles in, one entry a line, sorted by position.
// It is written again after every position, and entries already in it are
// kept rather than searched again: a build that stops goes on where it
// stopped when run again with the same FILE. --first names a file of
// openings as `qi match --openings` reads them (FEN lines or PGN games): the
// position each ends in, where it is one of the book's, is searched before
// the others, so that a build can first cover the positions a match plays.
#include <algorithm>
#include <atomic>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "arena/openings.h"
#include "engine/engine.h"
#include "engine/registry.h"

namespace {

struct Entry {
  std::string move;
  int score = 0;
  int depth = 0;
};

struct Options {
  std::string game, variant, out, first;
  int plies = 2, jobs = 1;
  std::int64_t movetime = 0;
  std::uint64_t nodes = 0;
  std::size_t hash = 64;
};

// Every position within `plies` plies of the start with a choice of moves,
// nearest the start first, so that a build stopped part way has every
// position of the first plies.
std::vector<std::string> positions_near_start(qi::Game& game, int plies) {
  std::set<std::string> seen = {game.fen()};
  std::vector<std::string> level = {game.fen()}, found;
  for (int ply = 0; ply <= plies && !level.empty(); ++ply) {
    std::vector<std::string> next;
    for (const std::string& fen : level) {
      if (!game.set_fen(fen)) continue;
      const std::vector<qi::MoveText> moves = game.legal_moves();
      if (moves.size() > 1) found.push_back(fen);
      if (ply == plies) continue;
      for (const qi::MoveText& m : moves) {
        if (!game.play(m.id)) continue;
        if (std::string after = game.fen(); seen.insert(after).second) next.push_back(std::move(after));
        game.undo();
      }
    }
    level = std::move(next);
  }
  return found;
}

// A line as write_book writes it: {"FEN", "move", score, depth},
std::map<std::string, Entry> read_book(const std::string& path) {
  std::map<std::string, Entry> book;
  std::ifstream in(path);
  static const std::regex line(R"re(^\{"([^"]+)", "([^"]+)", (-?\d+), (\d+)\},$)re");
  for (std::string text; std::getline(in, text);) {
    std::smatch m;
    if (std::regex_match(text, m, line)) book[m[1]] = {m[2], std::stoi(m[3]), std::stoi(m[4])};
  }
  return book;
}

void write_book(const std::string& path, const std::string& how, const std::map<std::string, Entry>& book) {
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial);
    out << "// Qi's own opening book, made by " << how
        << "\n// (bench/build_book.cpp); not written by hand.\n";
    for (const auto& [fen, e] : book)
      out << "{\"" << fen << "\", \"" << e.move << "\", " << e.score << ", " << e.depth << "},\n";
  }
  std::rename(partial.c_str(), path.c_str());
}

// The position each opening of `path` ends in; `game` is a fresh game.
qi::Expected<std::vector<std::string>> last_positions(const std::string& path, qi::Game& game) {
  qi::Expected<std::vector<qi::arena::Opening>> openings = qi::arena::read_openings(path, game);
  if (!openings) return openings.error();
  std::vector<std::string> fens;
  for (const qi::arena::Opening& opening : *openings) {
    if (qi::Status s = qi::arena::apply_opening(opening, game); !s) return s.error();
    fens.push_back(game.fen());
  }
  return fens;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app("Build Qi's own opening book by long searches of the positions near a game's start");
  app.add_option("game", o.game, "chess, xiangqi, checkers or tictactoe")->required();
  app.add_option("--variant", o.variant, "The game's variant (checkers: english, international, ...)");
  app.add_option("--plies", o.plies, "Every position within this many plies of the start")
      ->check(CLI::Range(0, 8));
  app.add_option("--movetime", o.movetime, "Milliseconds a position")->check(CLI::Range(1, 3'600'000));
  app.add_option("--nodes", o.nodes, "Nodes a position (instead of a time)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  app.add_option("--hash", o.hash, "Transposition table of each search, MiB")->check(CLI::Range(1, 4096));
  app.add_option("--jobs", o.jobs, "Positions searched at a time")->check(CLI::Range(1, 64));
  app.add_option("--first", o.first, "Openings whose last positions are searched first (FEN lines or PGN)")
      ->check(CLI::ExistingFile);
  app.add_option("--out", o.out, "The book (a C++ list of entries); entries already in it are kept")
      ->required();
  CLI11_PARSE(app, argc, argv);
  if ((o.movetime > 0) == (o.nodes > 0)) {
    std::cerr << "qi_book: give one of --movetime and --nodes\n";
    return 2;
  }

  qi::Expected<std::unique_ptr<qi::Game>> game = qi::make_game(o.game, o.variant);
  if (!game) {
    std::cerr << "qi_book: " << game.error().message << '\n';
    return 2;
  }
  const std::vector<std::string> positions = positions_near_start(**game, o.plies);
  std::map<std::string, Entry> book = read_book(o.out);
  std::vector<std::string> todo;
  for (const std::string& fen : positions)
    if (!book.count(fen)) todo.push_back(fen);
  std::ostringstream how;
  how << "qi_book " << o.game << (o.variant.empty() ? "" : " --variant " + o.variant) << " --plies "
      << o.plies
      << (o.movetime > 0 ? " --movetime " + std::to_string(o.movetime)
                         : " --nodes " + std::to_string(o.nodes));
  std::cerr << positions.size() << " positions within " << o.plies << " plies, " << todo.size()
            << " to search\n";
  if (!o.first.empty()) {
    qi::Expected<std::unique_ptr<qi::Game>> fresh = qi::make_game(o.game, o.variant);
    qi::Expected<std::vector<std::string>> first = last_positions(o.first, **fresh);
    if (!first) {
      std::cerr << "qi_book: --first: " << first.error().message << '\n';
      return 2;
    }
    // A stable partition keeps both halves nearest the start first.
    const auto rest = std::stable_partition(todo.begin(), todo.end(), [&](const std::string& fen) {
      return std::find(first->begin(), first->end(), fen) != first->end();
    });
    std::cerr << (rest - todo.begin()) << " of them first, from " << o.first << '\n';
  }
  std::mutex mutex;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  auto work = [&] {
    qi::engine::Engine engine;
    engine.set_hash_mb(o.hash);
    if (qi::Status s = engine.set_game(o.game, o.variant); !s) {
      std::lock_guard lock(mutex);
      std::cerr << "qi_book: " << s.error().message << '\n';
      failed = true;
      return;
    }
    engine.options().own_book = false;
    for (std::size_t i = next++; i < todo.size(); i = next++) {
      engine.new_game();
      if (qi::Status s = engine.set_position(todo[i], {}); !s) {
        std::lock_guard lock(mutex);
        std::cerr << "qi_book: " << todo[i] << ": " << s.error().message << '\n';
        failed = true;
        continue;
      }
      qi::engine::SearchLimits limits;
      limits.move_time = o.movetime > 0 ? o.movetime : -1;
      limits.nodes = o.nodes;
      const qi::engine::SearchResult r = engine.think(limits);
      std::lock_guard lock(mutex);
      book[todo[i]] = {r.best, r.score, r.depth};
      write_book(o.out, how.str(), book);
      std::cerr << book.size() << '/' << positions.size() << ' ' << todo[i] << ' ' << r.best << ' ' << r.score
                << " depth " << r.depth << '\n';
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < o.jobs; ++j) threads.emplace_back(work);
  for (std::thread& t : threads) t.join();
  write_book(o.out, how.str(), book);
  return failed ? 1 : 0;
}
