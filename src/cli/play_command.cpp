// qi play GAME: a game in the terminal, between two people at one keyboard or
// against Qi's built-in player. Works on any game through qi::Game.
#include <CLI/CLI.hpp>
#include <cctype>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "cli/game_options.h"
#include "core/bounded_input.h"
#include "core/clock.h"
#include "core/record.h"
#include "core/referee.h"
#include "core/text.h"
#include "engine/handicap.h"
#include "engine/level_player.h"
#include "engine/registry.h"

namespace qi::cli {
namespace {

constexpr std::string_view kHelp =
    "Type a move, in any notation the game reads, or a command:\n"
    "  moves   list the legal moves         undo    take back a move\n"
    "  new     start again                  flip    turn the board round\n"
    "  fen     show the position            pgn     show the game record\n"
    "  draw    offer a draw with your move  accept  accept a draw offer\n"
    "  claim   claim a draw (repetition, fifty moves)\n"
    "  resign  give up the game             help    this text\n"
    "  hint    the best move, and why\n"
    "  quit    leave\n";

struct PlayOptions {
  GameOptions game;
  std::string opponent = "computer";
  std::string side = "first";
  int level = 0;  // 0: the built-in player; 1-10: Qi's engine at that level
};

// Which side the person plays, from a name that may be the game's own
// ("white", "black", "red", "x", "o") or "first" / "second".
std::optional<Side> parse_side(const Game& game, std::string_view text) {
  if (text == "first") return Side::First;
  if (text == "second") return Side::Second;
  for (Side s : {Side::First, Side::Second}) {
    if (ascii_lower(game.side_name(s)) == text) return s;
  }
  return std::nullopt;
}

class TerminalGame {
 public:
  TerminalGame(std::unique_ptr<Game> game, bool vs_computer, Side human, int level,
               const std::string& handicap)
      : referee_(std::move(game)), vs_computer_(vs_computer), human_(human), flipped_(human == Side::Second) {
    engine_ = level > 0 ? engine::make_level_player(level) : engine::LevelPlayer::builtin();
    engine_->set_handicap(handicap);
  }

  void run() {
    const Game& game = referee_.game();
    std::cout << "Qi: " << game.name()
              << (game.variant().empty() ? "" : " (" + std::string(game.variant()) + ")")
              << ". Type 'help' for commands.\n";
    show();
    std::string line;
    while (true) {
      if (computer_to_move()) {
        computer_moves();
        continue;
      }
      std::cout << referee_.game().side_name(referee_.game().side_to_move()) << "> " << std::flush;
      // A line is a move or a command: one longer than this is neither,
      // and costs no more memory than this (qi play < /dev/zero).
      const LineRead read = read_line_bounded(std::cin, line, 4096);
      if (read == LineRead::End) break;
      if (read == LineRead::TooLong) {
        std::cout << "that line is too long to be a move or a command\n";
        continue;
      }
      std::istringstream words(line);
      std::string word;
      if (!(words >> word)) continue;
      if (word == "quit" || word == "exit") break;
      handle(word);
    }
    std::cout << '\n';
  }

 private:
  const Game& game() const { return referee_.game(); }
  std::int64_t now() const { return time_.now_ms(); }

  bool computer_to_move() const {
    return vs_computer_ && game().side_to_move() != human_ && !referee_.over();
  }

  void computer_moves() {
    const bool offered = referee_.offers().pending == human_;
    Expected<std::string> id = engine_->choose(game());
    Expected<MoveText> played = id ? referee_.play(*id, now()) : Expected<MoveText>(id.error());
    if (!played) {
      // A player that proposes an illegal move is a bug in Qi; say so rather
      // than loop.
      std::cout << "Qi's player failed: " << played.error().message << '\n';
      vs_computer_ = false;
      return;
    }
    std::cout << "Qi plays " << played->display << '\n';
    if (offered) std::cout << "Qi declines the draw offer.\n";
    show();
  }

  void handle(const std::string& word) {
    if (word == "help") {
      std::cout << kHelp;
    } else if (word == "moves") {
      for (const MoveText& m : referee_.legal_moves()) std::cout << m.display << ' ';
      std::cout << '\n';
    } else if (word == "hint") {
      show_hint();
    } else if (word == "undo") {
      undo();
    } else if (word == "new") {
      std::unique_ptr<Game> fresh = game().clone();
      fresh->reset();
      referee_ = Referee(std::move(fresh));
      offer_with_next_move_ = false;
      show();
    } else if (word == "flip") {
      flipped_ = !flipped_;
      show();
    } else if (word == "fen") {
      std::cout << game().fen() << '\n';
    } else if (word == "pgn" || word == "record") {
      std::cout << write_record(record_of(referee_), game()) << '\n';
    } else if (word == "draw") {
      if (referee_.over()) {
        std::cout << "The game is over.\n";
        return;
      }
      offer_with_next_move_ = true;
      std::cout << "Your draw offer will be made with your next move.\n";
    } else if (word == "accept") {
      if (Status st = referee_.answer_draw(game().side_to_move(), true, now()); !st)
        std::cout << "There is no draw offer to accept.\n";
      show_outcome();
    } else if (word == "claim") {
      if (Status claimed = referee_.claim_draw(game().side_to_move(), now()); !claimed)
        std::cout << claimed.error().message << '\n';
      show_outcome();
    } else if (word == "resign") {
      (void)referee_.resign(game().side_to_move(), now());
      show_outcome();
    } else {
      play(word);
    }
  }

  void play(const std::string& text) {
    const bool declining = referee_.offers().pending.has_value();
    Expected<MoveText> move = referee_.play(text, now());
    if (!move) {
      std::cout << move.error().message << '\n';
      return;
    }
    const Side mover = ~game().side_to_move();
    if (declining) std::cout << "The draw offer is declined.\n";
    if (offer_with_next_move_) {
      offer_with_next_move_ = false;
      (void)referee_.offer_draw_with_move(mover, now());
    }
    show();
    if (referee_.offers().pending == mover && !vs_computer_)
      std::cout << game().side_name(mover) << " offers a draw. " << game().side_name(~mover)
                << ": type 'accept', or play a move to decline.\n";
  }

  void show_hint() {
    if (!hint_player_) hint_player_ = engine::make_level_player(10);
    Expected<engine::Hint> h = hint_player_->hint(game());
    if (!h) {
      std::cout << h.error().message << '\n';
      return;
    }
    std::cout << "Hint: " << h->move_display << " (" << h->reason << ")\n";
  }

  void undo() {
    // Against the computer, take back its reply too, so it is the person's turn.
    const std::size_t plies = game().moves_played().size();
    std::size_t back = plies > 0 ? 1 : 0;
    if (back && vs_computer_ && plies >= 2 && game().side_to_move() == human_) back = 2;
    if (!back) {
      std::cout << "There is no move to take back.\n";
      return;
    }
    (void)referee_.take_back(back, now());
    offer_with_next_move_ = false;
    show();
  }

  void show() {
    std::cout << game().board_text(flipped_) << '\n';
    show_outcome();
  }

  void show_outcome() {
    const Outcome outcome = referee_.outcome();
    if (outcome.over()) {
      std::cout << "Game over: " << game().describe(outcome) << " (" << score_text(outcome) << ")."
                << " Type 'new', 'undo' or 'quit'.\n";
    } else {
      for (const Outcome& claim : referee_.draw_claims())
        std::cout << "You may claim a draw: " << game().describe(claim) << " (type 'claim').\n";
    }
  }

  const SteadyClock time_;
  Referee referee_;
  bool vs_computer_;
  Side human_;
  bool flipped_;
  bool offer_with_next_move_ = false;
  std::unique_ptr<engine::LevelPlayer> engine_;       // --level, or the built-in player
  std::unique_ptr<engine::LevelPlayer> hint_player_;  // made on the first hint
};

}  // namespace

void add_play_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* command = app.add_subcommand("play", "Play a game in the terminal");
  add_game_options(*command, options->game);
  command->add_option("--opponent", options->opponent, "computer (Qi's built-in player) or human")
      ->check(CLI::IsMember({"computer", "human"}));
  command->add_option("--level", options->level, "Play against Qi's engine at this level, 1 (beginner) to 10")
      ->transform(whole_number(1, 10));
  command->add_option(
      "--side", options->side,
      "The side you play against the computer: first, second, or its name (white, black, red, x, o)");
  command->callback([options, &exit_code] {
    // A handicap name stands for its start position (engine/handicap.h); the
    // computer gives the odds, else the side that gives them by custom.
    const std::string handicap = options->game.fen;
    if (auto probe = make_game(options->game.game, options->game.variant)) {
      if (auto fen = engine::handicap_fen(**probe, handicap)) {
        options->game.fen = *fen;
        std::optional<Side> human = parse_side(**probe, options->side);
        if (human && options->opponent == "computer")
          if (auto given = engine::handicap_fen(**probe, handicap, ~*human)) options->game.fen = *given;
      }
    }
    Expected<std::unique_ptr<Game>> game = open_game(options->game, /*random_start=*/true);
    if (!game) {
      exit_code = report_error(game.error().message);
      return;
    }
    std::optional<Side> human = parse_side(**game, options->side);
    if (!human) {
      exit_code = report_error("--side: '" + options->side + "' is not a side of " + options->game.game);
      return;
    }
    TerminalGame(std::move(*game), options->opponent == "computer", *human, options->level, handicap).run();
  });
}

}  // namespace qi::cli
