// qi play GAME: a game in the terminal, between two people at one keyboard or
// against Qi's built-in player. Works on any game through qi::Game.
#include <CLI/CLI.hpp>
#include <cctype>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli/commands.h"
#include "cli/game_options.h"
#include "engine/handicap.h"
#include "engine/level_player.h"
#include "games/registry.h"

namespace qi::cli {
namespace {

constexpr std::string_view kHelp =
    "Type a move (chess: Nf3 or g1f3; tic-tac-toe: b2) or a command:\n"
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
    std::string name = game.side_name(s);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name == text) return s;
  }
  return std::nullopt;
}

class TerminalGame {
 public:
  TerminalGame(std::unique_ptr<Game> game, bool vs_computer, Side human, int level,
               const std::string& handicap)
      : game_(std::move(game)), vs_computer_(vs_computer), human_(human), flipped_(human == Side::Second) {
    if (level > 0) {
      engine_ = engine::make_level_player(level);
      engine_->set_handicap(handicap);
    }
  }

  void run() {
    std::cout << "Qi: " << game_->name()
              << (game_->variant().empty() ? "" : " (" + std::string(game_->variant()) + ")")
              << ". Type 'help' for commands.\n";
    show();
    std::string line;
    while (true) {
      if (computer_to_move()) {
        computer_moves();
        continue;
      }
      std::cout << game_->side_name(game_->side_to_move()) << "> " << std::flush;
      if (!std::getline(std::cin, line)) break;
      std::istringstream words(line);
      std::string word;
      if (!(words >> word)) continue;
      if (word == "quit" || word == "exit") break;
      handle(word);
    }
    std::cout << '\n';
  }

 private:
  bool computer_to_move() const {
    return vs_computer_ && game_->side_to_move() != human_ && !game_->outcome().over();
  }

  void computer_moves() {
    MoveText move = game_->builtin_move();
    if (engine_) {
      Expected<std::string> id = engine_->choose(*game_);
      if (id)
        if (Expected<MoveText> parsed = game_->parse_move(*id)) move = *parsed;
    }
    if (Expected<MoveText> played = game_->play(move.id); !played) {
      // A built-in player that proposes an illegal move is a bug in Qi; say so
      // rather than loop.
      std::cout << "Qi's player failed: " << played.error().message << '\n';
      vs_computer_ = false;
      return;
    }
    std::cout << "Qi plays " << move.display << '\n';
    if (offer_from_ == human_) std::cout << "Qi declines the draw offer.\n";
    offer_from_.reset();
    show();
  }

  void handle(const std::string& word) {
    if (word == "help") {
      std::cout << kHelp;
    } else if (word == "moves") {
      for (const MoveText& m : game_->legal_moves()) std::cout << m.display << ' ';
      std::cout << '\n';
    } else if (word == "hint") {
      show_hint();
    } else if (word == "undo") {
      undo();
    } else if (word == "new") {
      game_->reset();
      offer_from_.reset();
      show();
    } else if (word == "flip") {
      flipped_ = !flipped_;
      show();
    } else if (word == "fen") {
      std::cout << game_->fen() << '\n';
    } else if (word == "pgn" || word == "record") {
      std::cout << game_->record() << '\n';
    } else if (word == "draw") {
      offer_draw();
    } else if (word == "accept") {
      accept_draw();
    } else if (word == "claim") {
      if (Status claimed = game_->claim_draw(); !claimed) std::cout << claimed.error().message << '\n';
      show_outcome();
    } else if (word == "resign") {
      game_->resign(game_->side_to_move());
      show_outcome();
    } else {
      play(word);
    }
  }

  void play(const std::string& text) {
    Expected<MoveText> move = game_->play(text);
    if (!move) {
      std::cout << move.error().message << '\n';
      return;
    }
    const Side mover = ~game_->side_to_move();
    if (offer_from_ && *offer_from_ != mover) {
      std::cout << "The draw offer is declined.\n";
      offer_from_.reset();
    }
    show();
    if (offer_from_ == mover && !vs_computer_ && !game_->outcome().over())
      std::cout << game_->side_name(mover) << " offers a draw. " << game_->side_name(~mover)
                << ": type 'accept', or play a move to decline.\n";
  }

  void show_hint() {
    if (!hint_player_) hint_player_ = engine::make_level_player(10);
    Expected<engine::Hint> h = hint_player_->hint(*game_);
    if (!h) {
      std::cout << h.error().message << '\n';
      return;
    }
    std::cout << "Hint: " << h->move_display << " (" << h->reason << ")\n";
  }

  void undo() {
    // Against the computer, take back its reply too, so it is the person's turn.
    bool any = game_->undo();
    if (any && vs_computer_ && game_->side_to_move() != human_) game_->undo();
    if (!any) std::cout << "There is no move to take back.\n";
    offer_from_.reset();
    show();
  }

  void offer_draw() {
    if (game_->outcome().over()) {
      std::cout << "The game is over.\n";
      return;
    }
    offer_from_ = game_->side_to_move();
    std::cout << "Your draw offer will be made with your next move.\n";
  }

  void accept_draw() {
    if (!offer_from_ || *offer_from_ == game_->side_to_move()) {
      std::cout << "There is no draw offer to accept.\n";
      return;
    }
    game_->agree_draw();
    offer_from_.reset();
    show_outcome();
  }

  void show() {
    std::cout << game_->board_text(flipped_) << '\n';
    show_outcome();
  }

  void show_outcome() {
    Outcome outcome = game_->outcome();
    if (outcome.over()) {
      std::cout << "Game over: " << outcome.reason << " (" << score_text(outcome) << ")."
                << " Type 'new', 'undo' or 'quit'.\n";
    } else {
      for (const DrawClaim& claim : game_->draw_claims())
        std::cout << "You may claim a draw: " << claim.reason << " (type 'claim').\n";
    }
  }

  std::unique_ptr<Game> game_;
  bool vs_computer_;
  Side human_;
  bool flipped_;
  std::optional<Side> offer_from_;
  std::unique_ptr<engine::LevelPlayer> engine_;       // with --level
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
      ->check(CLI::Range(1, 10));
  command->add_option(
      "--side", options->side,
      "The side you play against the computer: first, second, or its name (white, black, red, x, o)");
  command->callback([options, &exit_code] {
    // A handicap name stands for its start position (engine/handicap.h); the
    // computer gives the odds, else the side that gives them by custom.
    const std::string handicap = options->game.fen;
    if (auto fen = engine::handicap_fen(options->game.game, options->game.variant, handicap)) {
      options->game.fen = *fen;
      auto probe = make_game(options->game.game, options->game.variant);
      std::optional<Side> human = probe ? parse_side(**probe, options->side) : std::nullopt;
      if (human && options->opponent == "computer")
        if (auto given = engine::handicap_fen(options->game.game, options->game.variant, handicap, ~*human))
          options->game.fen = *given;
    }
    Expected<std::unique_ptr<Game>> game = open_game(options->game);
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
