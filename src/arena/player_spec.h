// A player as the command line gives it, in cutechess-cli's style: words of
// key=value, values quoted when they hold spaces.
//   cmd=/usr/games/stockfish proto=uci name=SF2000 option.UCI_Elo=2000
//   cmd="/opt/my engine" proto=ucci dir=/tmp arg=--threads arg=2
//   cmd=maxqi proto=xboard               a WinBoard engine (protocol 2)
// cmd= is the program (spaces and all); each arg= adds one argument.
//   /usr/games/stockfish          a bare command: a UCI engine, default options
//   qi:random, qi:builtin, qi:level=5 (optionally followed by name=...)
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arena/player.h"
#include "core/expected.h"

namespace qi::arena {

struct PlayerSpec {
  enum class Protocol : std::uint8_t { Uci, Ucci, Xboard, Builtin };
  Protocol protocol = Protocol::Uci;
  std::vector<std::string> argv;  // engines: the command and its arguments
  std::string builtin;            // "random", "level=5"
  std::string name;               // may be empty: the engine's own name
  std::string dir;
  std::vector<std::pair<std::string, std::string>> options;
  std::size_t builtin_hash_mib = 0;  // qi:level=N's option.Hash, read once; 0: its default
  std::string text;                  // as given, for messages

  // What tables and records call it: the name, else the command's file name.
  std::string display_name() const;
};

Expected<PlayerSpec> parse_player_spec(std::string_view text);

// Makes a player for one game kind; engines are not started yet.
Expected<std::unique_ptr<Player>> make_player(const PlayerSpec& spec, std::string_view game,
                                              std::string_view variant);

}  // namespace qi::arena
