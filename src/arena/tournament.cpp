#include "arena/tournament.h"

#include <algorithm>
#include <ctime>
#include <fstream>
#include <map>

#include "arena/pgn_date.h"
#include "arena/scheduler.h"
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
  const auto rounds = round_robin_rounds(n);
  std::vector<GamePlayer::Request> batch;
  const int cycles = o.format == Format::DoubleRoundRobin ? 2 : 1;
  for (int cycle = 0; cycle < cycles; ++cycle) {
    int pairing = 0;
    for (std::size_t r = 0; r < rounds.size(); ++r) {
      for (auto [a, b] : rounds[r]) {
        // The second cycle repeats the first with colours reversed and the same openings.
        if (cycle == 1) std::swap(a, b);
        batch.push_back({static_cast<int>(cycle * rounds.size() + r + 1), a, b, pairing++, ""});
      }
    }
  }
  player.play(batch);
  std::vector<PlayedGame> games;
  for (const TournamentGame& g : result.games) games.push_back(g.game);
  result.standings = standings(n, games, o.scoring);
}

void play_knockout(const TournamentOptions& o, GamePlayer& player, TournamentResult& result) {
  const int n = static_cast<int>(o.players.size());
  int size = 1;
  while (size < n) size *= 2;
  SplitMix64 lots(o.seed ^ 0x6b6e6f636b6f7574ULL);
  std::vector<int> alive;
  for (int slot : bracket_order(size)) alive.push_back(slot < n ? slot : -1);
  std::vector<int> eliminated_in(n, 0);  // 0: still in
  int round = 0;
  int match_index = 0;
  while (alive.size() > 1) {
    ++round;
    std::vector<KnockoutMatch> matches;
    for (std::size_t i = 0; i + 1 < alive.size(); i += 2) {
      KnockoutMatch m;
      m.round = round;
      m.a = alive[i] >= 0 ? alive[i] : alive[i + 1];
      m.b = alive[i] >= 0 ? alive[i + 1] : -1;
      if (m.b >= 0 && m.b < m.a) std::swap(m.a, m.b);  // the better seed is "a" and starts
      matches.push_back(m);
    }
    std::map<int, int> opening_of;  // match -> opening index
    for (std::size_t k = 0; k < matches.size(); ++k) opening_of[k] = match_index++;
    auto add_games = [&](const std::vector<std::size_t>& which, int game_in_match, const std::string& kind,
                         auto first_of) {
      std::vector<GamePlayer::Request> batch;
      for (std::size_t k : which) {
        const auto [first, second] = first_of(matches[k], game_in_match);
        batch.push_back({round, first, second, opening_of[k], kind});
      }
      std::vector<TournamentGame> played = player.play(batch);
      for (std::size_t i = 0; i < which.size(); ++i) {
        KnockoutMatch& m = matches[which[i]];
        m.games.push_back(played[i].number);
        if (kind.empty()) {
          m.score_a += game_score(played[i].game, m.a);
          m.score_b += game_score(played[i].game, m.b);
        }
      }
      return played;
    };
    auto alternate = [](const KnockoutMatch& m, int g) {
      return g % 2 == 0 ? std::pair{m.a, m.b} : std::pair{m.b, m.a};
    };
    auto by_lot = [&](const KnockoutMatch& m, int) {
      return lots.below(2) == 0 ? std::pair{m.a, m.b} : std::pair{m.b, m.a};
    };
    std::vector<std::size_t> real;
    for (std::size_t k = 0; k < matches.size(); ++k) {
      if (matches[k].b < 0) {
        matches[k].winner = matches[k].a;
        matches[k].decided_by = "bye";
      } else {
        real.push_back(k);
      }
    }
    add_games(real, 0, "", alternate);
    add_games(real, 1, "", alternate);
    if (o.format == Format::BestOfThree) {
      std::vector<std::size_t> open;
      for (std::size_t k : real)
        if (std::abs(matches[k].score_a - matches[k].score_b) <= 1.0) open.push_back(k);
      add_games(open, 2, "", alternate);
    }
    std::vector<std::size_t> level;
    for (std::size_t k : real) {
      KnockoutMatch& m = matches[k];
      if (m.score_a != m.score_b) {
        m.winner = m.score_a > m.score_b ? m.a : m.b;
        m.decided_by = "games";
      } else {
        level.push_back(k);
      }
    }
    if (o.format == Format::Knockout || o.decider == Decider::GameThenLot) {
      const std::string kind = o.format == Format::Knockout ? "armageddon" : "decider";
      std::vector<TournamentGame> deciders = add_games(level, 3, kind, by_lot);
      std::vector<std::size_t> still_level;
      for (std::size_t i = 0; i < level.size(); ++i) {
        KnockoutMatch& m = matches[level[i]];
        const PlayedGame& g = deciders[i].game;
        if (g.outcome.verdict == Verdict::Win) {
          m.winner = g.outcome.winner == Side::First ? g.first : g.second;
          m.decided_by = kind == "armageddon" ? "armageddon" : "decider game";
        } else if (kind == "armageddon") {
          m.winner = g.second;  // a draw counts as a loss for the first mover
          m.decided_by = "armageddon (draw: the first mover loses)";
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
    std::vector<int> next;
    for (KnockoutMatch& m : matches) {
      next.push_back(m.winner);
      if (m.b >= 0) eliminated_in[m.winner == m.a ? m.b : m.a] = round;
      result.matches.push_back(m);
    }
    alive = next;
  }
  eliminated_in[alive.front()] = round + 1;
  // Standings: by the round reached; those out in the same round share a rank.
  std::vector<PlayedGame> games;
  for (const TournamentGame& g : result.games) games.push_back(g.game);
  std::vector<Standing> table = standings(n, games, Scoring::Fide);
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

Expected<Format> parse_format(std::string_view text) {
  if (text == "round-robin" || text == "rr") return Format::RoundRobin;
  if (text == "double-round-robin" || text == "drr") return Format::DoubleRoundRobin;
  if (text == "knockout" || text == "ko") return Format::Knockout;
  if (text == "best-of-three" || text == "bo3") return Format::BestOfThree;
  return make_error("unknown format '" + std::string(text) +
                    "' (round-robin, double-round-robin, knockout, best-of-three)");
}

Expected<Scoring> parse_scoring(std::string_view text) {
  if (text == "1-0.5-0" || text == "fide" || text == "chess") return Scoring::Fide;
  if (text == "3-1-0" || text == "group") return Scoring::Group;
  return make_error("unknown scoring '" + std::string(text) + "' (1-0.5-0 or 3-1-0)");
}

std::string format_name(Format f) {
  switch (f) {
    case Format::RoundRobin:
      return "round robin";
    case Format::DoubleRoundRobin:
      return "double round robin";
    case Format::Knockout:
      return "knockout";
    case Format::BestOfThree:
      return "best of three";
  }
  return {};
}

std::vector<std::vector<std::pair<int, int>>> round_robin_rounds(int players) {
  // Circle method: player 0 stays, the others rotate; with an odd number a
  // dummy (-1) gives one player a bye each round.
  std::vector<int> circle;
  for (int i = 0; i < players; ++i) circle.push_back(i);
  if (players % 2) circle.push_back(-1);
  const int n = static_cast<int>(circle.size());
  std::vector<std::vector<std::pair<int, int>>> rounds;
  for (int r = 0; r + 1 < n; ++r) {
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < n / 2; ++i) {
      int a = circle[i], b = circle[n - 1 - i];
      if (a < 0 || b < 0) continue;
      // The fixed player alternates colours by round; on the other boards the
      // player from the top half moves first. Each player then moves first
      // in half the rounds, or one more or fewer.
      if (i == 0 && r % 2 == 1) std::swap(a, b);
      pairs.emplace_back(a, b);
    }
    rounds.push_back(pairs);
    std::rotate(circle.begin() + 1, circle.end() - 1, circle.end());
  }
  return rounds;
}

std::vector<int> bracket_order(int size) {
  std::vector<int> order{0};
  for (int m = 1; m < size; m *= 2) {
    std::vector<int> next;
    for (int s : order) next.push_back(s), next.push_back(2 * m - 1 - s);
    order = next;
  }
  return order;
}

Expected<TournamentResult> run_tournament(const TournamentOptions& o, std::ostream& progress) {
  if (o.players.size() < 2) return make_error("a tournament needs at least two players");
  std::ofstream pgn;
  if (!o.pgn_path.empty()) {
    pgn.open(o.pgn_path, std::ios::app);
    if (!pgn) return make_error("cannot open PGN file '" + o.pgn_path + "' for writing");
  }
  TournamentResult result;
  GamePlayer player(o, progress, pgn, result);
  if (o.format == Format::RoundRobin || o.format == Format::DoubleRoundRobin)
    play_round_robin(o, player, result);
  else
    play_knockout(o, player, result);
  return result;
}

}  // namespace qi::arena
