#include "arena/game_runner.h"

#include <chrono>
#include <memory>
#include <optional>

#include "games/registry.h"

namespace qi::arena {
namespace {

using SteadyClock = std::chrono::steady_clock;

std::int64_t micros(SteadyClock::duration d) {
  return std::chrono::duration_cast<std::chrono::microseconds>(d).count();
}

// The PGN standard's Termination values (section 9.8.1) for our reasons.
std::string pgn_termination(const std::string& termination) {
  if (termination == "time_forfeit" || termination == "overruns") return "time forfeit";
  if (termination == "illegal_move" || termination == "protocol_error") return "rules infraction";
  if (termination == "crash" || termination == "no_reply") return "abandoned";
  if (termination == "adjudication" || termination == "max_moves") return "adjudication";
  return "normal";
}

// A centipawn score with mates far beyond any material score.
std::optional<int> comparable_score(const MoveReply& reply) {
  if (reply.mate_in) return *reply.mate_in > 0 ? 100000 : -100000;
  return reply.score_cp;
}

class ScoreWatch {
 public:
  explicit ScoreWatch(const Adjudication& a) : a_(a) {}

  // Records a side's score after its move; returns the adjudicated outcome, if any.
  std::optional<Outcome> after_move(Side side, std::optional<int> score, int full_move, const Game& game) {
    const int s = index(side);
    if (!score) {
      drawish_[s] = losing_[s] = winning_[s] = 0;
      return std::nullopt;
    }
    drawish_[s] =
        (full_move >= a_.draw_move_number && std::abs(*score) <= a_.draw_score) ? drawish_[s] + 1 : 0;
    losing_[s] = *score <= -a_.resign_score ? losing_[s] + 1 : 0;
    winning_[s] = *score >= a_.resign_score ? winning_[s] + 1 : 0;
    if (a_.draw_move_count > 0 && drawish_[0] >= a_.draw_move_count && drawish_[1] >= a_.draw_move_count)
      return Outcome::draw("adjudication", "draw by adjudication: both engines' scores stayed within " +
                                               std::to_string(a_.draw_score) + " centipawns");
    if (a_.resign_move_count > 0) {
      for (Side loser : {Side::First, Side::Second}) {
        const int l = index(loser);
        if (losing_[l] >= a_.resign_move_count && winning_[1 - l] >= a_.resign_move_count)
          return Outcome::win(~loser, "adjudication",
                              game.side_name(~loser) + " wins by adjudication: both engines agree " +
                                  game.side_name(loser) + " is lost");
      }
    }
    return std::nullopt;
  }

 private:
  Adjudication a_;
  int drawish_[2] = {0, 0};
  int losing_[2] = {0, 0};
  int winning_[2] = {0, 0};
};

}  // namespace

void MoveTiming::add(const MoveTiming& o) {
  moves += o.moves;
  go_us += o.go_us;
  arbiter_us += o.arbiter_us;
  engine_moves += o.engine_moves;
  engine_go_us += o.engine_go_us;
  engine_reported_ms += o.engine_reported_ms;
  waited_moves += o.waited_moves;
  waited_go_us += o.waited_go_us;
  wait_us += o.wait_us;
}

GameResult run_game(Player& first, Player& second, const Opening* opening, const GameSettings& settings,
                    std::uint64_t seed) {
  GameResult result;
  Player* players[2] = {&first, &second};
  result.names = {first.name(), second.name()};
  Expected<std::unique_ptr<Game>> made = make_game(settings.game, settings.variant);
  if (!made) {
    result.outcome = Outcome::draw("arena_error", made.error().message);
    return result;
  }
  Game& game = **made;
  std::string start_fen = game.start_fen();
  if (opening) {
    result.opening = opening->label;
    if (Status s = apply_opening(*opening, game); !s) {
      result.outcome = Outcome::draw("arena_error", s.error().message);
      return result;
    }
    start_fen = opening->fen;
  }
  const bool standard_start = start_fen == game.start_fen();

  // A loss the arena itself rules (the game's rules know nothing of clocks or crashes).
  std::optional<Outcome> ruling;
  auto lose = [&](Side side, const std::string& termination, const std::string& why) {
    const std::string who = players[index(side)]->name() + " (" + game.side_name(side) + ")";
    ruling = Outcome::win(~side, termination, who + " " + why + "; " + game.side_name(~side) + " wins");
  };

  for (Side side : {Side::First, Side::Second}) {
    if (ruling) break;
    if (Status s = players[index(side)]->new_game(seed + index(side)); !s) {
      result.player_broken[index(side)] = true;
      lose(side, "crash", "could not start the game: " + s.error().message);
    }
  }

  GameClock clock(settings.tc);
  ScoreWatch watch(settings.adjudication);
  const Adjudication& adj = settings.adjudication;
  const auto plies_before = static_cast<int>(game.moves_played().size());
  // What each player said about its move, for the record (none for the
  // opening's moves).
  std::vector<std::string> move_comments(static_cast<std::size_t>(plies_before));
  while (!ruling) {
    const auto turn_start = SteadyClock::now();
    if (game.outcome().over()) break;
    if (settings.claim_draws && !game.draw_claims().empty()) {
      (void)game.claim_draw();
      break;
    }
    const int plies = static_cast<int>(game.moves_played().size()) - plies_before;
    if (adj.max_moves > 0 && plies >= 2 * adj.max_moves) {
      ruling = Outcome::draw("max_moves",
                             "draw by adjudication: " + std::to_string(adj.max_moves) + " moves played");
      break;
    }
    const Side side = game.side_to_move();
    Player& player = *players[index(side)];

    MoveRequest request;
    request.game = settings.game;
    request.variant = settings.variant;
    request.start_fen = start_fen;
    request.standard_start = standard_start;
    for (const MoveText& m : game.moves_played()) request.moves.push_back(m.id);
    request.side = side;
    if (settings.tc.kind == TimeControl::Kind::Clock) {
      request.time_ms[0] = clock.remaining_ms(Side::First);
      request.time_ms[1] = clock.remaining_ms(Side::Second);
      request.increment_ms = clock.increment_ms();
      request.moves_to_go = clock.moves_to_go(side);
    } else if (settings.tc.kind == TimeControl::Kind::MoveTime ||
               settings.tc.kind == TimeControl::Kind::PerMove) {
      request.movetime_ms = settings.tc.base_ms;
    }
    request.depth = settings.tc.depth;
    request.nodes = settings.tc.nodes;
    request.deadline_ms = clock.deadline_ms(side, settings.margin_ms, settings.hang_timeout_ms);
    request.position = &game;

    const auto go_start = SteadyClock::now();
    MoveReply reply = player.go(request);
    const auto go_end = SteadyClock::now();
    const std::int64_t go_us = micros(go_end - go_start);
    result.timing.moves++;
    result.timing.go_us += go_us;
    if (reply.wait_us >= 0) {
      result.timing.waited_moves++;
      result.timing.waited_go_us += go_us;
      result.timing.wait_us += reply.wait_us;
    }
    if (reply.engine_time_ms >= 0) {
      result.timing.engine_moves++;
      result.timing.engine_go_us += go_us;
      result.timing.engine_reported_ms += reply.engine_time_ms;
    }

    if (reply.failure != Failure::None) {
      result.player_broken[index(side)] = !player.alive();
      switch (reply.failure) {
        case Failure::Crash:
          lose(side, "crash", "crashed: " + reply.detail);
          break;
        case Failure::Timeout:
          if (clock.timed() && settings.tc.kind != TimeControl::Kind::PerMove)
            lose(side, "time_forfeit", "lost on time (" + reply.detail + ")");
          else
            lose(side, "no_reply", "did not reply within " + std::to_string(request.deadline_ms) + " ms");
          break;
        default:
          lose(side, "protocol_error", reply.detail);
          break;
      }
      break;
    }
    switch (clock.charge(side, go_us / 1000, settings.margin_ms)) {
      case GameClock::Charge::Lost:
        if (settings.tc.kind == TimeControl::Kind::PerMove)
          lose(side, "overruns",
               "overran the time for a move " + std::to_string(clock.overruns(side)) + " times");
        else
          lose(side, "time_forfeit", "lost on time");
        break;
      default:
        break;
    }
    if (ruling) break;
    Expected<MoveText> played = game.play(reply.move);
    if (!played) {
      lose(side, "illegal_move", "played an illegal move '" + reply.move + "': " + played.error().message);
      break;
    }
    move_comments.push_back(move_comment(reply, go_us));
    const int full_move = static_cast<int>(game.moves_played().size() + 1) / 2;
    if (std::optional<Outcome> adjudicated = watch.after_move(side, comparable_score(reply), full_move, game))
      ruling = adjudicated;
    result.timing.arbiter_us += micros(SteadyClock::now() - turn_start) - go_us;
  }

  result.outcome = ruling ? *ruling : game.outcome();
  result.plies = static_cast<int>(game.moves_played().size()) - plies_before;
  Tags tags = settings.extra_tags;
  tags.emplace_back("White", result.names[0]);
  tags.emplace_back("Black", result.names[1]);
  tags.emplace_back("Result", score_text(result.outcome));
  tags.emplace_back("Termination", pgn_termination(result.outcome.termination));
  tags.emplace_back("TimeControl", settings.tc.pgn_tag());
  if (game.name() != "chess")
    tags.emplace_back("Variant", std::string(game.name()) +
                                     (game.variant().empty() ? "" : "-" + std::string(game.variant())));
  result.pgn = game_record(game, tags, score_text(result.outcome), result.outcome.reason, move_comments);
  return result;
}

}  // namespace qi::arena
