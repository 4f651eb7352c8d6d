// The options each dialect announces, and setoption.
#include <algorithm>
#include <thread>

#include "core/text.h"
#include "core/utf8.h"
#include "engine/registry.h"
#include "protocol/command_words.h"
#include "protocol/uci.h"
#include "protocol/uci_variants.h"

namespace qi::protocol {
namespace {

// The option's name and value of a setoption line: UCI's "setoption name
// <words> [value <words>]", UCCI's "setoption <name> [<value words>]". The
// name in lower case (both protocols' names are case-insensitive).
std::pair<std::string, std::string> name_and_value(Dialect dialect, const std::vector<std::string>& words) {
  std::string name, value;
  if (dialect == Dialect::Ucci) {
    if (words.size() >= 2) name = words[1];
    for (std::size_t i = 2; i < words.size(); ++i) value += (i > 2 ? " " : "") + words[i];
    return {ascii_lower(name), value};
  }
  std::string* target = nullptr;
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (words[i] == "name" && !target) {
      target = &name;
    } else if (words[i] == "value" && target == &name) {
      target = &value;
    } else if (target) {
      if (!target->empty()) *target += ' ';
      *target += words[i];
    }
  }
  return {ascii_lower(name), value};
}

// Options that act on the engine at once (the table, the game) rather than
// at the next go: a search must end first.
bool acts_at_once(const std::string& name) {
  return name == "hash" || name == "hashsize" || name == "clear hash" || name == "uci_variant" ||
         name == "newgame" || uci_check_option_named(name);
}

// UCI's EGDB Path names the directory of a game's endgame tables
// (GameRegistration::endgame_tables), offered where UCI plays such a game.
bool offers_endgame_tables() {
  for (const GameRegistration* g : registered_games())
    if (g->endgame_tables && !g->protocols.variants.empty()) return true;
  return false;
}

constexpr std::size_t kDefaultHashMb = 16;

}  // namespace

bool Protocol::needs_idle(const std::vector<std::string>& words) const {
  if (words[0] != "setoption") return true;
  return acts_at_once(name_and_value(dialect_, words).first);
}

void Protocol::command_uci() {
  if (dialect_ == Dialect::Ucci) {
    send("id name Qi");
    send("id copyright GPL-3.0-or-later");
    send("id author the Qi authors");
    send("option usemillisec type check default false");
    send("option batch type check default false");
    send("option debug type check default false");
    send("option ponder type check default false");
    send("option hashsize type spin min 0 max 4096 default 16");
    send("option threads type spin min 0 max 64 default 1");
    send("option level type spin min 1 max 10 default 10");
    send("option newgame type button");
    send("ucciok");
    return;
  }
  send("id name Qi");
  send("id author the Qi authors");
  send("option name Hash type spin default 16 min 1 max 4096");
  send("option name Clear Hash type button");
  send("option name Threads type spin default 1 min 1 max 64");
  send("option name MultiPV type spin default 1 min 1 max 256");
  send("option name Ponder type check default false");
  send("option name Move Overhead type spin default 10 min 0 max 5000");
  send("option name Use NNUE type check default true");
  send("option name Skill Level type spin default 10 min 1 max 10");
  send("option name OwnBook type check default true");
  for (const UciCheckOption& c : uci_check_options())
    send("option name " + std::string(c.name) + " type check default false");
  send("option name UCI_AnalyseMode type check default false");
  send("option name UCI_LimitStrength type check default false");
  send("option name UCI_Elo type spin default 2850 min 1350 max 2850");
  send("option name UCI_ShowWDL type check default false");
  if (offers_endgame_tables()) send("option name EGDB Path type string default <empty>");
  std::string variants = "option name UCI_Variant type combo default " + std::string(default_uci_variant());
  for (const UciVariant& v : uci_variants()) variants += " var " + std::string(v.uci_name);
  send(variants);
  send("uciok");
}

void Protocol::command_setoption(const std::vector<std::string>& words) {
  const auto [name, value] = name_and_value(dialect_, words);
  if (name.empty()) {
    say("setoption: no option named");
    return;
  }
  if (dialect_ == Dialect::Ucci)
    set_ucci_option(name, value);
  else
    set_uci_option(name, value);
}

void Protocol::set_uci_option(const std::string& name, const std::string& value) {
  auto spin = [&](std::int64_t lo, std::int64_t hi) -> std::optional<std::int64_t> {
    auto v = whole_number(value, lo, hi);
    if (!v) say("option " + quoted(name) + ": '" + quoted(value) + "' is not a number");
    return v;
  };
  const bool on = is_true(value);
  if (name == "hash") {
    if (auto v = spin(1, 4096)) engine_.set_hash_mb(static_cast<std::size_t>(*v));
  } else if (name == "clear hash") {
    engine_.clear_hash();
  } else if (name == "threads") {
    if (auto v = spin(1, 64)) options_.threads = static_cast<int>(*v);
  } else if (name == "multipv") {
    if (auto v = spin(1, 256)) options_.multipv = static_cast<int>(*v);
  } else if (name == "ponder") {
    options_.ponder = on;
  } else if (name == "move overhead") {
    if (auto v = spin(0, 5000)) options_.move_overhead = *v;
  } else if (name == "use nnue") {
    options_.use_network = on;
  } else if (name == "ownbook") {
    options_.own_book = on;
  } else if (name == "skill level") {
    if (auto v = spin(1, 10)) skill_ = static_cast<int>(*v);
  } else if (name == "uci_limitstrength") {
    limit_strength_ = on;
  } else if (name == "uci_elo") {
    if (auto v = spin(1350, 2850)) elo_ = static_cast<int>(*v);
  } else if (name == "uci_analysemode") {
    analyse_mode_ = on;
  } else if (name == "uci_showwdl") {
    show_wdl_ = on;
  } else if (name == "egdb path") {
    // A game's endgame tables (docs/checkers-endgame.md); empty: the
    // engine's own choice (QI_EGDB, else "egdb" beside the executable).
    options_.egdb_path = value == "<empty>" ? "" : value;
  } else if (name == "uci_variant") {
    const std::string v = ascii_lower(value);
    if (!uci_variant_named(v)) {
      std::string known;
      for (const UciVariant& u : uci_variants())
        known += (known.empty() ? "" : ", ") + std::string(u.uci_name);
      say("UCI_Variant: '" + quoted(value) + "' is not a variant Qi plays (" + known + ")");
      return;
    }
    set_variant(v);
  } else if (std::optional<UciCheckOption> check = uci_check_option_named(name)) {
    std::erase(checks_on_, check->name);
    if (on) checks_on_.push_back(check->name);
    set_variant(variant_);
  } else {
    say("unknown option '" + quoted(name) + "'");
  }
}

void Protocol::set_ucci_option(const std::string& name, const std::string& value) {
  auto spin = [&](std::int64_t lo, std::int64_t hi) -> std::optional<std::int64_t> {
    auto v = whole_number(value, lo, hi);
    if (!v) say("option " + quoted(name) + ": '" + quoted(value) + "' is not a number");
    return v;
  };
  const bool on = is_true(value);
  if (name == "usemillisec") {
    milliseconds_ = on;
  } else if (name == "batch") {
    batch_ = on;
  } else if (name == "debug") {
    debug_ = on;
  } else if (name == "ponder") {
    options_.ponder = on;
  } else if (name == "hashsize") {  // 0: the engine chooses
    if (auto v = spin(0, 4096)) engine_.set_hash_mb(*v == 0 ? kDefaultHashMb : static_cast<std::size_t>(*v));
  } else if (name == "threads") {  // 0: the engine chooses (one a core)
    if (auto v = spin(0, 64))
      options_.threads =
          *v > 0 ? static_cast<int>(*v) : std::clamp<int>(std::thread::hardware_concurrency(), 1, 64);
  } else if (name == "level") {
    if (auto v = spin(1, 10)) skill_ = static_cast<int>(*v);
  } else if (name == "newgame") {
    engine_.new_game();
  } else {
    // The specification: setting an option the engine did not announce is
    // no error (some GUIs send their own list without reading ours).
    say("option " + quoted(name) + " is not one of Qi's; ignored");
  }
}

// The game UCI_Variant names (or the variant a check option set true plays
// in place of its default), in the coordinates the dialect writes it in.
void Protocol::set_variant(const std::string& variant) {
  variant_ = variant;
  const std::optional<UciVariant> named = uci_variant_named(variant);
  std::string_view game = named ? named->game : std::string_view(variant);
  std::string_view game_variant = named ? named->variant : std::string_view();
  const GameRegistration* registered = find_game(game);
  const bool game_default = registered && registered->descriptor().variant(game_variant) ==
                                              &registered->descriptor().variants.front();
  for (const UciCheckOption& c : uci_check_options())
    if (game_default && c.game == game && std::ranges::find(checks_on_, c.name) != checks_on_.end())
      game_variant = c.variant;
  if (Status s = engine_.set_game(game, game_variant); !s) say(printable(s.error().message));
  coordinates_ = named && dialect_ == Dialect::Uci ? named->coordinates : Coordinates::GameIds;
  banned_.clear();
}

}  // namespace qi::protocol
