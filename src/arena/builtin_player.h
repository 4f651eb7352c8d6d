// Qi's own players, named "qi:...":
//   qi:random   a uniformly random legal move (reproducible from the match seed)
//   qi:builtin  the built-in player: the engine on a fixed node budget
//   qi:level=N  Qi's engine at level N (1-10), in process; a test may
//               install a stand-in with set_level_player_factory().
//               option.Hash=MiB sets its table (16 MiB unless given), so
//               that it can match an engine's (Cake plays with 128 MB).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "arena/player.h"
#include "core/expected.h"

namespace qi::arena {

// Makes the engine player for a level, for the given game and variant.
using LevelPlayerFactory = std::function<Expected<std::unique_ptr<Player>>(int level, std::string_view game,
                                                                           std::string_view variant)>;

// Installs (or, with an empty function, removes) the factory for qi:level=N.
void set_level_player_factory(LevelPlayerFactory factory);

// The player for a "qi:..." spec ("random", "builtin", "level=5"); `name` empty
// means the spec itself.
// `hash_mb` 0: the level player's default table.
Expected<std::unique_ptr<Player>> make_builtin_player(std::string_view spec, std::string name,
                                                      std::string_view game, std::string_view variant,
                                                      std::size_t hash_mb = 0);

}  // namespace qi::arena
