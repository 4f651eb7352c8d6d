// qi_selfplay: matches between two of Qi's levels, for measuring the levels
// until the arena offers them, and for collecting positions for the tuner.
//
//   qi_selfplay GAME [--variant V] --a LEVEL --b LEVEL [--games N]
//               [--movetime MS] [--random-plies K] [--seed S]
//               [--max-plies P] [--dump FILE] [--nodes N [--vary-nodes PCT]]
//               [--openings FILE]
//               [--dump-searched FILE [--searched-every K]] [--network]
//               [--clock BASE_MS --inc MS]   (a game clock; losses on time counted)
//               [--b-uci PATH --b-elo ELO]   (B: a UCI engine, e.g. Stockfish
//                                            limited to ELO, for chess)
//
// Each opening (K random legal plies from the start, or from a start drawn
// from --openings, a file as `qi match --openings` reads it; the same for
// both colours) is played twice with the colours swapped. A draw any player may
// claim (chess threefold, fifty moves) is claimed; a game still going after
// P plies is scored a draw. Prints the score of A with an Elo difference and
// its 95 % interval. --dump appends "FEN;result" lines (result from the
// first player's view: 1, 0.5, 0) for quiet positions: neither the move into
// them nor the move played from them captured anything. --dump-searched
// appends every K-th position the chess or xiangqi search evaluates (not in check) as
// "FEN;nan": positions of the search's own trees, with no game result, for
// training a network (bench/train_nnue.cpp). --vary-nodes draws each move's
// node budget from N·(1 ± PCT/100): at fixed nodes the search is
// deterministic, so without it the two games of a pair between equal players
// repeat each other and a dump holds each position twice. --network gives level 10's
// searches the learned evaluation where the game lets level 10 use one
// (UCI `Use NNUE`); without it they use the hand-written one.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "arena/openings.h"
#include "competition/rating/logistic.h"
#include "core/clock.h"
#include "core/referee.h"
#include "engine/games/chess/traits.h"
#include "engine/games/xiangqi/traits.h"
#include "engine/level_player.h"
#include "engine/registry.h"
#include "uci_engine.h"

namespace {

// --dump-searched: every K-th position the search of chess or xiangqi
// evaluates.
struct SearchedPositions {
  std::mutex mutex;
  std::ofstream out;
  unsigned every = 32;
  unsigned long seen = 0;
} searched;

template <class Position>
void sample_searched(const Position& pos) {
  std::lock_guard lock(searched.mutex);
  if (++searched.seen % searched.every == 0 && !pos.in_check()) searched.out << pos.fen() << ";nan\n";
}

struct Options {
  std::string game, variant, dump, b_uci, dump_searched, openings;
  bool network = false;
  int b_elo = 0;
  int a = 10, b = 9, games = 20, random_plies = 4, max_plies = 400;
  std::int64_t movetime = 50;
  std::uint64_t nodes = 0;                // per move instead of a time (load-independent)
  int vary_nodes = 0;                     // percent each move's node budget may stray from nodes
  std::int64_t clock = 0, increment = 0;  // a game clock instead (base and increment, ms)
  std::uint64_t seed = 1;
};

// Pieces on the board, from a FEN: letters of the placement field (chess,
// xiangqi), or the squares a PDN FEN lists ("B:W21,22:B1,K5": one number a
// piece, as Qi writes it, without ranges).
int piece_count(const std::string& fen) {
  int n = 0;
  if (fen.find(':') != std::string::npos) {
    for (std::size_t i = 0; i < fen.size(); ++i)
      if (std::isdigit(static_cast<unsigned char>(fen[i])) &&
          (i == 0 || !std::isdigit(static_cast<unsigned char>(fen[i - 1]))))
        ++n;
    return n;
  }
  for (char c : fen.substr(0, fen.find(' ')))
    if (std::isalpha(static_cast<unsigned char>(c))) ++n;
  return n;
}

// One side of a game: a Qi level, or an external UCI engine.
struct Player {
  qi::engine::LevelPlayer* qi = nullptr;
  qi::bench::UciEngine* uci = nullptr;
  void new_game() {
    if (qi) qi->new_game();
    if (uci) uci->new_game();
  }
  qi::Expected<std::string> choose(const qi::Game& game, const qi::engine::SearchLimits& limits) {
    if (qi) return qi->choose(game, limits);
    std::vector<std::string> moves;
    for (const auto& m : game.moves_played()) moves.push_back(m.id);
    const std::string go = limits.nodes ? "go nodes " + std::to_string(limits.nodes)
                                        : "go movetime " + std::to_string(limits.move_time);
    std::string best = uci->best_move(game.initial_fen(), moves, go);
    if (best.empty()) return qi::make_error("the UCI engine gave no move");
    return best;
  }
};

// +1 first player won, 0 draw, -1 second won; also reports illegal moves.
int time_losses = 0;

// The game is refereed as every game of Qi's is (core/referee.h): its
// clock, draw claims and flag.
int play_game(const Options& o, std::unique_ptr<qi::Game> start, Player& first, Player& second,
              std::vector<std::string>& quiet_fens, int& errors, std::mt19937_64& rng) {
  const qi::SteadyClock time;
  const qi::TimeControl tc =
      o.clock ? qi::TimeControl::increment(o.clock, o.increment) : qi::TimeControl::unlimited();
  qi::Referee referee(std::move(start), tc);
  const qi::Game& game = referee.game();
  qi::engine::SearchLimits limits;
  limits.move_time = o.nodes || o.clock ? -1 : o.movetime;
  limits.nodes = o.nodes;
  int plies = 0;
  std::string previous_fen;
  referee.start_clock(time.now_ms());
  while (!referee.over() && plies < o.max_plies) {
    if (!referee.draw_claims().empty()) {
      (void)referee.claim_draw(game.side_to_move(), time.now_ms());
      break;
    }
    const qi::Side us = game.side_to_move();
    Player& mover = us == qi::Side::First ? first : second;
    const std::string fen = game.fen();
    if (o.clock) {
      const std::int64_t now = time.now_ms();
      limits.time_left = referee.clock().remaining_ms(us, now);
      limits.increment = o.increment;
      limits.opponent_time = referee.clock().remaining_ms(~us, now);
      limits.opponent_increment = o.increment;
    }
    if (o.nodes && o.vary_nodes) {
      const std::uint64_t spread = o.nodes * o.vary_nodes / 100;
      limits.nodes = o.nodes - spread + rng() % (2 * spread + 1);
    }
    qi::Expected<std::string> move = mover.choose(game, limits);
    qi::Expected<qi::MoveText> played =
        move ? referee.play(*move, time.now_ms()) : qi::Expected<qi::MoveText>(move.error());
    if (!played && referee.over()) {
      ++time_losses;
      std::cerr << "loss on time at " << fen << '\n';
      break;
    }
    if (!played) {
      ++errors;
      std::cerr << "illegal or no move at " << fen << '\n';
      return us == qi::Side::First ? -1 : 1;
    }
    const bool quiet_in = previous_fen.empty() || piece_count(previous_fen) == piece_count(fen);
    const bool quiet_out = piece_count(fen) == piece_count(game.fen());
    if (quiet_in && quiet_out) quiet_fens.push_back(fen);
    previous_fen = fen;
    ++plies;
  }
  const qi::Outcome out = referee.outcome();
  if (out.verdict != qi::Verdict::Win) return 0;
  return out.winner == qi::Side::First ? 1 : -1;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"qi_selfplay: matches between two of Qi's levels (or a level and a UCI engine)"};
  app.add_option("game", o.game, "The game")->required();
  app.add_option("--variant", o.variant, "The game's variant");
  app.add_option("--a", o.a, "Level of player A")->check(CLI::Range(1, 10));
  app.add_option("--b", o.b, "Level of player B")->check(CLI::Range(1, 10));
  app.add_option("--games", o.games, "Games (each opening twice, colours swapped)")
      ->check(CLI::PositiveNumber);
  app.add_option("--movetime", o.movetime, "Milliseconds a move")->check(CLI::PositiveNumber);
  app.add_option("--random-plies", o.random_plies, "Random plies of each opening")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seed", o.seed, "Seed of the openings");
  app.add_option("--openings", o.openings, "Openings to start from, drawn at random (FEN lines or PGN)")
      ->check(CLI::ExistingFile);
  app.add_option("--max-plies", o.max_plies, "Plies after which a game is a draw")
      ->check(CLI::PositiveNumber);
  app.add_option("--dump", o.dump, "File to append quiet positions to (FEN;result)");
  app.add_option("--dump-searched", o.dump_searched,
                 "File to append every K-th position the chess search evaluates to (FEN;nan)");
  app.add_option("--searched-every", searched.every, "K of --dump-searched")->check(CLI::PositiveNumber);
  app.add_flag("--network", o.network, "Level 10's searches use the learned evaluation (Use NNUE)");
  app.add_option("--clock", o.clock, "Game clock, base in ms")->check(CLI::NonNegativeNumber);
  app.add_option("--inc", o.increment, "Game clock, increment in ms")->check(CLI::NonNegativeNumber);
  app.add_option("--nodes", o.nodes, "Nodes a move instead of a time");
  app.add_option("--vary-nodes", o.vary_nodes, "Each move's nodes drawn from N(1 ± PCT/100)")
      ->check(CLI::Range(0, 90));
  app.add_option("--b-uci", o.b_uci, "Player B: this UCI engine");
  app.add_option("--b-elo", o.b_elo, "UCI_Elo of player B's engine");
  CLI11_PARSE(app, argc, argv);
  auto made = qi::make_game(o.game, o.variant);
  if (!made) {
    std::cerr << made.error().message << '\n';
    return 2;
  }
  std::unique_ptr<qi::Game> proto = std::move(*made);
  std::vector<qi::arena::Opening> starts;
  if (!o.openings.empty()) {
    qi::Expected<std::vector<qi::arena::Opening>> read = qi::arena::read_openings(o.openings, *proto);
    if (!read || read->empty()) {
      std::cerr << "--openings: " << (read ? o.openings + ": no openings" : read.error().message) << '\n';
      return 2;
    }
    starts = std::move(*read);
  }
  if (!o.dump_searched.empty()) {
    searched.out.open(o.dump_searched, std::ios::app);
    qi::engine::ChessTraits::on_evaluate = sample_searched<qi::chess::Position>;
    qi::engine::XiangqiTraits::on_evaluate = sample_searched<qi::xiangqi::Position>;
  }
  qi::engine::LevelPlayer la(o.a, 8), lb(o.b, 8);
  la.options().use_network = lb.options().use_network = o.network;
  std::unique_ptr<qi::bench::UciEngine> external;
  Player pa{&la}, pb{&lb};
  if (!o.b_uci.empty()) {
    external = std::make_unique<qi::bench::UciEngine>(o.b_uci);
    if (!external->ok()) {
      std::cerr << "cannot start " << o.b_uci << '\n';
      return 2;
    }
    external->set_option("Threads", "1");
    external->set_option("Hash", "16");
    if (o.b_elo > 0) {
      external->set_option("UCI_LimitStrength", "true");
      external->set_option("UCI_Elo", std::to_string(o.b_elo));
    }
    pb = Player{nullptr, external.get()};
  }
  std::mt19937_64 rng(o.seed);
  double points = 0, sum_sq = 0;
  int wins = 0, draws = 0, losses = 0, errors = 0, played = 0;
  std::ofstream dump;
  if (!o.dump.empty()) dump.open(o.dump, std::ios::app);

  for (int pair = 0; played < o.games; ++pair) {
    // A random opening, the same for both games of the pair.
    std::unique_ptr<qi::Game> opening = proto->clone();
    if (!starts.empty()) {
      if (qi::Status s = qi::arena::apply_opening(starts[rng() % starts.size()], *opening); !s) {
        std::cerr << s.error().message << '\n';
        return 2;
      }
    }
    for (int k = 0; k < o.random_plies && !opening->outcome().over(); ++k) {
      auto moves = opening->legal_moves();
      (void)opening->play(moves[rng() % moves.size()].id);
    }
    if (opening->outcome().over()) continue;
    for (int swap = 0; swap < 2 && played < o.games; ++swap) {
      pa.new_game();
      pb.new_game();
      const bool a_first = (swap == 0) == (opening->side_to_move() == qi::Side::First);
      std::vector<std::string> fens;
      int r = a_first ? play_game(o, opening->clone(), pa, pb, fens, errors, rng)
                      : play_game(o, opening->clone(), pb, pa, fens, errors, rng);
      const int for_a = a_first ? r : -r;
      const double p = for_a > 0 ? 1 : for_a == 0 ? 0.5 : 0;
      points += p;
      sum_sq += p * p;
      (for_a > 0 ? wins : for_a == 0 ? draws : losses)++;
      ++played;
      if (dump.is_open())
        for (const std::string& f : fens) dump << f << ';' << (r > 0 ? "1" : r == 0 ? "0.5" : "0") << '\n';
      std::fprintf(stderr, "game %d: %s (A %d-%d-%d)\n", played,
                   for_a > 0    ? "A wins"
                   : for_a == 0 ? "draw"
                                : "B wins",
                   wins, draws, losses);
    }
  }
  const double n = played, score = points / n;
  const double variance = sum_sq / n - score * score;
  const double margin = 1.96 * std::sqrt(variance / n);
  // A clean sweep reads as about ±1200 rather than infinite, so that the
  // bounds still print as numbers.
  auto elo = [](double s) { return *qi::competition::rating::elo_from_score(std::clamp(s, 0.001, 0.999)); };
  const std::string control =
      o.clock   ? "clock " + std::to_string(o.clock) + "+" + std::to_string(o.increment) + " ms"
      : o.nodes ? std::to_string(o.nodes) + " nodes"
                : "movetime " + std::to_string(o.movetime) + " ms";
  const std::string b_name =
      o.b_uci.empty() ? "level " + std::to_string(o.b) : o.b_uci + " UCI_Elo " + std::to_string(o.b_elo);
  std::printf(
      "%s%s%s level %d vs %s, %s: %d games, +%d =%d -%d, score %.1f%%, "
      "Elo %+.0f [%+.0f, %+.0f], errors %d, losses on time %d\n",
      o.game.c_str(), o.variant.empty() ? "" : " ", o.variant.c_str(), o.a, b_name.c_str(), control.c_str(),
      played, wins, draws, losses, 100 * score, elo(score), elo(score - margin), elo(score + margin), errors,
      time_losses);
  return 0;
}
