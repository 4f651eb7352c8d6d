#include "arena/game_runner.h"

#include <memory>
#include <optional>

#include "core/clock.h"
#include "core/referee.h"
#include "engine/registry.h"

namespace qi::arena {
namespace {

// A centipawn score with mates far beyond any material score.
std::optional<int> comparable_score(const MoveReply& reply) {
  if (reply.mate_in) return *reply.mate_in > 0 ? 100000 : -100000;
  return reply.score_cp;
}

class ScoreWatch {
 public:
  explicit ScoreWatch(const Adjudication& a) : a_(a) {}

  // Records a side's score after its move; returns the adjudicated outcome, if any.
  std::optional<Outcome> after_move(Side side, std::optional<int> score, int full_move) {
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
      return Outcome::draw(Termination::AdjudicationDraw, side, a_.draw_score);
    if (a_.resign_move_count > 0) {
      for (Side loser : {Side::First, Side::Second}) {
        const int l = index(loser);
        if (losing_[l] >= a_.resign_move_count && winning_[1 - l] >= a_.resign_move_count)
          return Outcome::win(~loser, Termination::Adjudication);
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
  auto failed_to_start = [&](const std::string& why) {
    result.outcome = Outcome::draw(Termination::ArenaError);
    result.outcome.detail = why;
    result.reason = describe(result.outcome, result.names);
    return result;
  };
  Expected<std::unique_ptr<Game>> made = make_game(settings.game, settings.variant);
  if (!made) return failed_to_start(made.error().message);
  if (opening) {
    result.opening = opening->label;
    if (Status s = apply_opening(*opening, **made); !s) return failed_to_start(s.error().message);
  }
  // The players' names as the words of the ending name them: "Stockfish (White)".
  std::array<std::string, 2> who;
  for (Side s : {Side::First, Side::Second})
    who[index(s)] = players[index(s)]->name() + " (" + (*made)->side_name(s) + ")";

  // The arena times each move itself, from the request to the reply, on the
  // steady clock, with a margin for the time a reply takes to arrive.
  const SteadyClock time;
  Referee referee(std::move(*made), settings.tc, settings.margin_ms);
  const Game& game = referee.game();
  const TimeControl& tc = settings.tc;
  auto rule = [&](Outcome o) { referee.rule(std::move(o), time.now_ms()); };

  for (Side side : {Side::First, Side::Second}) {
    if (referee.over()) break;
    if (Status s = players[index(side)]->new_game(seed + index(side)); !s) {
      result.player_broken[index(side)] = true;
      rule(Outcome::win(~side, Termination::Crash, 0, "could not start the game: " + s.error().message));
    }
  }

  ScoreWatch watch(settings.adjudication);
  const Adjudication& adj = settings.adjudication;
  const auto plies_before = static_cast<int>(game.moves_played().size());
  // What each player said about its move, for the record (none for the
  // opening's moves).
  std::vector<std::string> move_comments(static_cast<std::size_t>(plies_before));
  referee.start_clock(time.now_ms());
  while (!referee.over()) {
    const std::int64_t turn_start = time.now_us();
    const Side side = game.side_to_move();
    if (settings.claim_draws && !referee.draw_claims().empty()) {
      (void)referee.claim_draw(side, time.now_ms());
      break;
    }
    const int plies = static_cast<int>(game.moves_played().size()) - plies_before;
    if (adj.max_moves > 0 && plies >= 2 * adj.max_moves) {
      rule(Outcome::draw(Termination::MaxMoves, side, adj.max_moves));
      break;
    }
    Player& player = *players[index(side)];
    const std::int64_t now = time.now_ms();
    const GameClock& clock = referee.clock();

    MoveRequest request;
    request.game = settings.game;
    request.variant = settings.variant;
    request.start_fen = game.initial_fen();
    request.standard_start = request.start_fen == game.start_fen();
    for (const MoveText& m : game.moves_played()) request.moves.push_back(m.id);
    request.side = side;
    if (tc.kind == TimeControl::Kind::Clock) {
      request.time_ms[0] = clock.remaining_ms(Side::First, now);
      request.time_ms[1] = clock.remaining_ms(Side::Second, now);
      request.increment_ms = tc.increment_ms;
      request.moves_to_go = clock.moves_to_go(side);
    } else if (tc.kind == TimeControl::Kind::MoveTime || tc.kind == TimeControl::Kind::PerMove) {
      request.movetime_ms = tc.base_ms;
    }
    request.depth = tc.depth;
    request.nodes = tc.nodes;
    // How long to wait: until the flag falls; for the per-move limit (where
    // an overrun does not lose at once) and for depth or nodes, as long as
    // for a hung engine.
    const bool flag_loses_at_once =
        tc.kind == TimeControl::Kind::Clock || tc.kind == TimeControl::Kind::MoveTime;
    request.deadline_ms = flag_loses_at_once ? clock.time_to_flag(side, now)
                          : tc.kind == TimeControl::Kind::PerMove
                              ? std::max(tc.base_ms + settings.margin_ms, settings.hang_timeout_ms)
                              : settings.hang_timeout_ms;
    request.position = &game;

    const std::int64_t go_start = time.now_us();
    MoveReply reply = player.go(request);
    const std::int64_t go_us = time.now_us() - go_start;
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
          rule(Outcome::win(~side, Termination::Crash, 0, reply.detail));
          break;
        case Failure::Timeout:
          // On a clock the flag has fallen: a loss, or a draw when the
          // opponent cannot win. Otherwise the engine hangs.
          if (!(flag_loses_at_once && referee.check_flag(time.now_ms())))
            rule(Outcome::win(~side, Termination::NoReply, static_cast<int>(request.deadline_ms)));
          break;
        default:
          rule(Outcome::win(~side, Termination::ProtocolError, 0, reply.detail));
          break;
      }
      break;
    }
    Expected<MoveText> played = referee.play(reply.move, time.now_ms());
    if (referee.over() && !played) break;  // the flag fell before the move came
    if (!played) {
      rule(Outcome::win(~side, Termination::IllegalMove, 0,
                        "'" + reply.move + "': " + played.error().message));
      break;
    }
    move_comments.push_back(move_comment(reply, go_us));
    if (referee.over()) break;
    const int full_move = (static_cast<int>(game.moves_played().size()) + 1) / 2;
    if (std::optional<Outcome> adjudicated = watch.after_move(side, comparable_score(reply), full_move))
      rule(*adjudicated);
    result.timing.arbiter_us += time.now_us() - turn_start - go_us;
  }

  result.outcome = referee.outcome();
  result.reason = describe(result.outcome, who);
  result.plies = static_cast<int>(game.moves_played().size()) - plies_before;
  Tags tags = settings.extra_tags;
  tags.emplace_back("TimeControl", tc.pgn_tag());
  // A record names its game in a Variant tag unless its format is the
  // game's own (the registration says).
  if (const GameRegistration* registered = find_game(game.name());
      !registered || registered->protocols.record_names_variant)
    tags.emplace_back("Variant", std::string(game.name()) +
                                     (game.variant().empty() ? "" : "-" + std::string(game.variant())));
  result.pgn = arena_record(referee, tags, result.names, who, move_comments);
  return result;
}

}  // namespace qi::arena
