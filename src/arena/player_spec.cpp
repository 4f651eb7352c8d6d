#include "arena/player_spec.h"

#include <charconv>

#include "arena/builtin_player.h"
#include "arena/process.h"
#include "arena/ucci_engine.h"
#include "arena/uci_engine.h"
#include "arena/xboard_engine.h"
#include "core/registry.h"
#include "core/text.h"

namespace qi::arena {
namespace {

// qi:level=N's option.Hash: its table in MiB, within what UCI's Hash
// allows (a value outside is refused, not clamped: this is a command line).
std::optional<std::size_t> hash_mib(std::string_view value) {
  std::size_t mib = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), mib);
  if (value.empty() || ec != std::errc{} || end != value.data() + value.size() || mib < 1 || mib > 4096)
    return std::nullopt;
  return mib;
}

}  // namespace

std::string PlayerSpec::display_name() const {
  if (!name.empty()) return name;
  if (protocol == Protocol::Builtin) return "qi:" + builtin;
  if (argv.empty()) return "?";
  const std::string& path = argv.front();
  std::size_t slash = path.rfind('/');
  // "engines/sf" is "sf"; a path ending in '/' keeps its whole text.
  return slash == std::string::npos || slash + 1 == path.size() ? path : path.substr(slash + 1);
}

Expected<PlayerSpec> parse_player_spec(std::string_view text) {
  PlayerSpec spec;
  spec.text = text;
  auto fail = [&](const std::string& why) -> Expected<PlayerSpec> {
    return make_error("player '" + std::string(text) + "': " + why);
  };
  Expected<std::vector<std::string>> words = split_command(text);
  if (!words) return fail(words.error().message);
  std::vector<std::string>& w = *words;
  if (w[0].empty()) return fail("empty command");
  std::size_t first = 0;
  if (w[0].rfind("qi:", 0) == 0) {
    spec.protocol = PlayerSpec::Protocol::Builtin;
    spec.builtin = w[0].substr(3);
    if (spec.builtin.empty()) return fail("say which built-in player: qi:random, qi:builtin or qi:level=N");
    first = 1;
  } else if (w[0].find('=') == std::string::npos) {
    // A bare command: every word is the command line of a UCI engine.
    spec.argv = w;
    return spec;
  }
  bool protocol_given = false;
  std::vector<std::string> args;
  for (std::size_t i = first; i < w.size(); ++i) {
    const std::size_t eq = w[i].find('=');
    if (eq == std::string::npos || eq == 0) return fail("'" + w[i] + "' is not key=value");
    const std::string key = w[i].substr(0, eq);
    const std::string value = w[i].substr(eq + 1);
    if (key == "cmd") {
      if (spec.protocol == PlayerSpec::Protocol::Builtin) return fail("a built-in player takes no cmd");
      // The program itself, spaces and all; its arguments come with arg=.
      if (value.empty()) return fail("empty cmd");
      spec.argv = {value};
    } else if (key == "arg") {
      args.push_back(value);
    } else if (key == "proto") {
      if (value == "uci")
        spec.protocol = PlayerSpec::Protocol::Uci;
      else if (value == "ucci")
        spec.protocol = PlayerSpec::Protocol::Ucci;
      else if (value == "xboard")
        spec.protocol = PlayerSpec::Protocol::Xboard;
      else
        return fail("unknown protocol '" + value + "' (uci, ucci or xboard)");
      protocol_given = true;
    } else if (key == "name") {
      if (value.empty()) return fail("empty name");
      spec.name = value;
    } else if (key == "dir") {
      spec.dir = value;
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
      spec.options.emplace_back(key.substr(7), value);
    } else {
      return fail("unknown key '" + key + "' (cmd, proto, name, dir, arg, option.NAME)");
    }
  }
  if (spec.protocol == PlayerSpec::Protocol::Builtin) {
    const std::string only = "a built-in player takes only name= (and qi:level=N option.Hash=MiB)";
    if (protocol_given || !spec.dir.empty() || !args.empty()) return fail(only);
    for (const auto& [option, value] : spec.options) {
      if (ascii_lower(option) != "hash" || spec.builtin.rfind("level=", 0) != 0) return fail(only);
      const auto mib = hash_mib(value);
      if (!mib) return fail("option.Hash: '" + value + "' is not a whole number of MiB from 1 to 4096");
      spec.builtin_hash_mib = *mib;
    }
    return spec;
  }
  if (spec.argv.empty()) return fail("no cmd= given");
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  return spec;
}

Expected<std::unique_ptr<Player>> make_player(const PlayerSpec& spec, std::string_view game,
                                              std::string_view variant) {
  if (spec.protocol == PlayerSpec::Protocol::Builtin)
    return make_builtin_player(spec.builtin, spec.name, game, variant, spec.builtin_hash_mib);
  // Which protocols play the game is its registration's to say.
  const GameRegistration* registered = find_game(game);
  const GameProtocols spoken = registered ? registered->protocols : GameProtocols{};
  const std::string named = std::string(game) + (variant.empty() ? "" : " (" + std::string(variant) + ")");
  if (spec.protocol == PlayerSpec::Protocol::Ucci && !spoken.ucci)
    return make_error(spec.display_name() + ": UCCI engines do not play " + named);
  if (spec.protocol == PlayerSpec::Protocol::Xboard && !spoken.xboard)
    return make_error(spec.display_name() + ": xboard engines do not play " + named + " here");
  if (spec.protocol == PlayerSpec::Protocol::Uci && !protocol_variant(game, variant))
    return make_error(spec.display_name() + ": UCI has no variant for " + named +
                      "; use qi:random or qi:builtin");
  EngineConfig config;
  config.argv = spec.argv;
  config.dir = spec.dir;
  config.name = spec.display_name();
  config.options = spec.options;
  config.game = game;
  config.variant = variant;
  if (spec.protocol == PlayerSpec::Protocol::Ucci)
    return std::unique_ptr<Player>(std::make_unique<UcciEngine>(config));
  if (spec.protocol == PlayerSpec::Protocol::Xboard)
    return std::unique_ptr<Player>(std::make_unique<XboardEngine>(config));
  return std::unique_ptr<Player>(std::make_unique<UciEngine>(config));
}

}  // namespace qi::arena
