#include "arena/tournament.h"

#include <algorithm>
#include <ctime>
#include <fstream>
#include <map>

#include "arena/pgn_date.h"
#include "arena/scheduler.h"
#include "competition/round_robin.h"
#include "core/random.h"

namespace qi::arena {
namespace {

// Plays batches of games for a tournament: numbering, tags, openings, PGN,
// progress lines, and the record of every result.
class GamePlayer {
 public:
  GamePlayer(const TournamentOptions& o, std::ostream& progress, std::ofstream& pgn, TournamentResult& result)
      : o_(o), progress_(progress), pgn_(pgn), result_(result), date_(pgn_date_today()) {}

  struct Request {
    int round, first, second, opening_index;
    std::string kind;
  };

  // Plays the batch at o_.concurrency games at a time; returns the games in
  // the order of the requests.
  std::vector<TournamentGame> play(const std::vector<Request>& batch) {
    std::vector<GameJob> jobs;
    for (const Request& r : batch) {
      GameJob job;
      job.number = ++played_;
      job.first = r.first;
      job.second = r.second;
      if (!o_.openings.empty()) job.opening = &o_.openings[r.opening_index % o_.openings.size()];
      job.seed = o_.seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(job.number) * 2654435761ULL;
      job.tags = {{"Event", "Qi tournament (" + format_name(o_.format) + ")"},
                  {"Site", "qi"},
                  {"Date", date_},
                  {"Round", std::to_string(r.round) + "." + std::to_string(job.number)}};
      if (!r.kind.empty()) job.tags.emplace_back("Annotator", "qi: " + r.kind + " game");
      jobs.push_back(std::move(job));
    }
    std::map<int, TournamentGame> by_number;
    run_games(jobs, o_.players, o_.settings, o_.concurrency, [&](const GameJob& job, const GameResult& g) {
      const Request& r = batch[job.number - jobs.front().number];
      TournamentGame t;
      t.number = job.number;
      t.round = r.round;
      t.game = {job.first, job.second, g.outcome};
      t.kind = r.kind;
      t.plies = g.plies;
      t.reason = g.reason;
      by_number[job.number] = t;
      result_.games.push_back(t);
      if (pgn_) pgn_ << g.pgn << '\n' << std::flush;
      progress_ << "Finished game " << job.number << " (round " << r.round
                << (r.kind.empty() ? "" : ", " + r.kind) << ", " << g.names[0] << " vs " << g.names[1]
                << "): " << score_text(g.outcome) << " {" << g.reason << "}\n"
                << std::flush;
      return true;
    });
    std::vector<TournamentGame> out;
    for (const GameJob& j : jobs) out.push_back(by_number[j.number]);
    return out;
  }

 private:
  const TournamentOptions& o_;
  std::ostream& progress_;
  std::ofstream& pgn_;
  TournamentResult& result_;
  std::string date_;
  int played_ = 0;
};

void play_round_robin(const TournamentOptions& o, GamePlayer& player, TournamentResult& result) {
  const int n = static_cast<int>(o.players.size());
  const int cycles = o.format == Format::DoubleRoundRobin ? 2 : 1;
  const std::vector<competition::Pairing> pairings = competition::round_robin_pairings(n, cycles);
  // Each cycle plays the same openings, in the same order, as the first.
  const std::size_t per_cycle = pairings.size() / cycles;
  std::vector<GamePlayer::Request> batch;
  for (std::size_t i = 0; i < pairings.size(); ++i) {
    const competition::Pairing& p = pairings[i];
    batch.push_back({p.round, p.first, p.second, static_cast<int>(i % per_cycle), ""});
  }
  player.play(batch);
  std::vector<PlayedGame> games;
  for (const TournamentGame& g : result.games) games.push_back(g.game);
  result.standings = competition::standings(n, games, ranking_rules(o));
}

void play_knockout(const TournamentOptions& o, GamePlayer& player, TournamentResult& result) {
  const int n = static_cast<int>(o.players.size());
  const int regular_games = o.format == Format::BestOfThree ? 3 : 2;
  SplitMix64 lots(o.seed ^ 0x6b6e6f636b6f7574ULL);
  std::vector<int> alive = competition::first_round_slots(n);
  std::vector<int> eliminated_in(n, 0);  // 0: still in
  int round = 0;
  int match_index = 0;
  while (alive.size() > 1) {
    ++round;
    std::vector<KnockoutMatch> matches = competition::pair_round(alive, round);
    std::map<int, int> opening_of;  // match -> opening index
    for (std::size_t k = 0; k < matches.size(); ++k) opening_of[k] = match_index++;
    // Plays one game of each match in `which`, with the players `colours`
    // gives; regular games (no `kind`) count in the match's score.
    auto add_games = [&](const std::vector<std::size_t>& which, int game_in_match, const std::string& kind,
                         auto colours) {
      std::vector<GamePlayer::Request> batch;
      for (std::size_t k : which) {
        const PlayedGame seats = colours(matches[k], game_in_match);
        batch.push_back({round, seats.first, seats.second, opening_of[k], kind});
      }
      std::vector<TournamentGame> played = player.play(batch);
      for (std::size_t i = 0; i < which.size(); ++i) {
        KnockoutMatch& m = matches[which[i]];
        m.games.push_back(played[i].number);
        if (kind.empty()) competition::add_regular_game(m, played[i].game);
      }
      return played;
    };
    auto by_lot = [&](const KnockoutMatch& m, int) {
      return lots.below(2) == 0 ? PlayedGame{m.a, m.b, {}} : PlayedGame{m.b, m.a, {}};
    };
    std::vector<std::size_t> open;
    for (std::size_t k = 0; k < matches.size(); ++k)
      if (matches[k].b >= 0) open.push_back(k);
    const std::vector<std::size_t> real = open;
    for (int g = 0; g < regular_games && !open.empty(); ++g) {
      add_games(open, g, "", competition::alternating_colours);
      std::vector<std::size_t> still_open;
      for (std::size_t k : open)
        if (competition::match_open(matches[k], g + 1, regular_games)) still_open.push_back(k);
      open = still_open;
    }
    std::vector<std::size_t> level;
    for (std::size_t k : real)
      if (!competition::decide_by_games(matches[k])) level.push_back(k);
    if (o.format == Format::Knockout || o.decider == Decider::GameThenLot) {
      const std::string kind = o.format == Format::Knockout ? "armageddon" : "decider";
      std::vector<TournamentGame> deciders = add_games(level, regular_games, kind, by_lot);
      std::vector<std::size_t> still_level;
      for (std::size_t i = 0; i < level.size(); ++i) {
        KnockoutMatch& m = matches[level[i]];
        const PlayedGame& g = deciders[i].game;
        const bool won = competition::winner_of(g) >= 0;
        if (kind == "armageddon") {
          m.winner = competition::armageddon_winner(g);
          m.decided_by = won ? "armageddon" : "armageddon (draw: the first mover loses)";
        } else if (won) {
          m.winner = competition::winner_of(g);
          m.decided_by = "decider game";
        } else {
          still_level.push_back(level[i]);
        }
      }
      level = still_level;
    }
    for (std::size_t k : level) {
      KnockoutMatch& m = matches[k];
      m.winner = lots.below(2) == 0 ? m.a : m.b;
      m.decided_by = "lot";
    }
    for (KnockoutMatch& m : matches) {
      if (m.b >= 0) eliminated_in[m.winner == m.a ? m.b : m.a] = round;
      result.matches.push_back(m);
    }
    alive = competition::winners(matches);
  }
  eliminated_in[alive.front()] = round + 1;
  // Standings: by the round reached; those out in the same round share a rank.
  std::vector<PlayedGame> games;
  for (const TournamentGame& g : result.games) games.push_back(g.game);
  std::vector<Standing> table = competition::standings(n, games, Scoring::Fide);
  std::stable_sort(table.begin(), table.end(), [&](const Standing& x, const Standing& y) {
    return eliminated_in[x.player] > eliminated_in[y.player];
  });
  for (std::size_t i = 0; i < table.size(); ++i)
    table[i].rank = (i > 0 && eliminated_in[table[i].player] == eliminated_in[table[i - 1].player])
                        ? table[i - 1].rank
                        : static_cast<int>(i) + 1;
  result.standings = table;
}

}  // namespace

Expected<TournamentResult> run_tournament(const TournamentOptions& o, std::ostream& progress) {
  if (o.players.size() < 2) return make_error("a tournament needs at least two players");
  std::ofstream pgn;
  if (!o.pgn_path.empty()) {
    pgn.open(o.pgn_path, std::ios::app);
    if (!pgn) return make_error("cannot open PGN file '" + o.pgn_path + "' for writing");
  }
  TournamentResult result;
  GamePlayer player(o, progress, pgn, result);
  if (competition::is_round_robin(o.format))
    play_round_robin(o, player, result);
  else
    play_knockout(o, player, result);
  return result;
}

}  // namespace qi::arena
