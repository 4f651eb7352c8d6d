#include "protocol/uci.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "core/utf8.h"
#include "engine/levels.h"
#include "protocol/info_text.h"

namespace qi::protocol {
namespace {

std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) words.emplace_back(line.substr(start, i - start));
  }
  return words;
}

// A whole number in [lo, hi] (clamped), or nullopt when the text is none.
std::optional<std::int64_t> number(const std::string& text, std::int64_t lo, std::int64_t hi) {
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range) return text[0] == '-' ? lo : hi;
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return std::clamp(v, lo, hi);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A word of the GUI's as an answer may quote it: at most about 60 bytes,
// cut between characters, bytes that are not UTF-8 and control characters
// as \xNN.
std::string shown(std::string_view s) {
  std::size_t cut = 0;
  while (cut < s.size() && cut < 60) cut += std::max<std::size_t>(1, utf8_char_length(s, cut));
  return printable(s.substr(0, cut));
}

// Below this depth perft counts in one call of the game's own perft, fast
// and uninterrupted (a few million nodes at most in chess and xiangqi);
// above it the tree is split by hand so that stop is looked at between
// subtrees.
constexpr int kUninterruptedDepth = 4;

}  // namespace

Protocol::Protocol(Dialect dialect, Output out) : dialect_(dialect), out_(std::move(out)) {
  if (dialect_ == Dialect::Ucci) {
    variant_ = "xiangqi";
    (void)engine_.set_game("xiangqi");
  }
}

Protocol::~Protocol() {
  stop_perft();
  engine_.stop();
  engine_.wait();
}

void Protocol::wait() {
  engine_.wait();
  if (perft_thread_.joinable()) perft_thread_.join();
}

void Protocol::stop_perft() {
  if (!perft_thread_.joinable()) return;
  perft_stop_ = true;
  perft_thread_.join();
}

void Protocol::send(const std::string& line) {
  std::lock_guard lock(out_mutex_);
  out_(line);
}

bool Protocol::handle(std::string_view line) {
  const std::vector<std::string> words = split(line);
  if (words.empty()) return true;
  const std::string& cmd = words[0];

  // Commands that act on a running search.
  if (cmd == "quit") {
    stop_perft();
    engine_.stop();
    engine_.wait();
    if (dialect_ == Dialect::Ucci) send("bye");
    return false;
  }
  if (cmd == "stop") {
    perft_stop_ = true;  // the thread ends soon; the next command waits for it
    engine_.stop();
    return true;
  }
  if (cmd == "ponderhit") {
    engine_.ponderhit();
    return true;
  }
  if (cmd == "isready") {
    send("readyok");
    return true;
  }
  // Anything else waits for the search to end (a GUI should not send it
  // while searching; stopping is the safe answer).
  stop_perft();
  if (engine_.searching()) {
    engine_.stop();
    engine_.wait();
  }
  if (cmd == "uci" || cmd == "ucci") {
    command_uci();
  } else if (cmd == "ucinewgame") {
    engine_.new_game();
  } else if (cmd == "setoption") {
    command_setoption(words);
  } else if (cmd == "position") {
    command_position(words);
  } else if (cmd == "banmoves") {
    banned_.assign(words.begin() + 1, words.end());
  } else if (cmd == "go") {
    if (words.size() >= 3 && words[1] == "perft") {
      if (auto d = number(words[2], 1, 8)) command_perft(static_cast<int>(*d));
    } else {
      command_go(words);
    }
  } else if (cmd == "d") {
    command_display();
  } else if (cmd == "eval") {
    send("info string static evaluation " + std::to_string(engine_.static_eval()) + " (side to move)");
  } else {
    send("info string unknown command '" + shown(cmd) + "'");
  }
  return true;
}

void Protocol::command_uci() {
  if (dialect_ == Dialect::Ucci) {
    send("id name Qi");
    send("id copyright GPL-3.0-or-later");
    send("id author the Qi authors");
    send("option usemillisec type check default true");
    send("option hashsize type spin min 1 max 4096 default 16");
    send("option threads type spin min 1 max 64 default 1");
    send("option multipv type spin min 1 max 64 default 1");
    send("option level type spin min 1 max 10 default 10");
    send("ucciok");
    return;
  }
  send("id name Qi");
  send("id author the Qi authors");
  send("option name Hash type spin default 16 min 1 max 4096");
  send("option name Threads type spin default 1 min 1 max 64");
  send("option name MultiPV type spin default 1 min 1 max 256");
  send("option name Ponder type check default false");
  send("option name Move Overhead type spin default 10 min 0 max 5000");
  send("option name Use NNUE type check default true");
  send("option name Skill Level type spin default 10 min 1 max 10");
  send("option name UCI_LimitStrength type check default false");
  send("option name UCI_Elo type spin default 2850 min 1350 max 2850");
  send("option name UCI_ShowWDL type check default false");
  send("option name UCI_Variant type combo default chess var chess var xiangqi");
  send("uciok");
}

void Protocol::command_setoption(const std::vector<std::string>& words) {
  if (dialect_ == Dialect::Ucci) {
    // setoption <name> <value>
    if (words.size() >= 2) set_option(lower(words[1]), words.size() >= 3 ? words[2] : "");
    return;
  }
  // setoption name <words...> [value <words...>]
  std::string name, value;
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
  set_option(lower(name), value);
}

void Protocol::set_option(const std::string& name, const std::string& value) {
  auto spin = [&](std::int64_t lo, std::int64_t hi) -> std::optional<std::int64_t> {
    auto v = number(value, lo, hi);
    if (!v) send("info string option " + shown(name) + ": '" + shown(value) + "' is not a number");
    return v;
  };
  const bool on = lower(value) == "true" || value == "1";
  if (name == "hash" || name == "hashsize") {
    if (auto v = spin(1, 4096)) engine_.set_hash_mb(static_cast<std::size_t>(*v));
  } else if (name == "threads") {
    if (auto v = spin(1, 64)) engine_.options().threads = static_cast<int>(*v);
  } else if (name == "multipv") {
    if (auto v = spin(1, 256)) engine_.options().multipv = static_cast<int>(*v);
  } else if (name == "ponder") {
    engine_.options().ponder = on;
  } else if (name == "move overhead") {
    if (auto v = spin(0, 5000)) engine_.options().move_overhead = *v;
  } else if (name == "use nnue") {
    engine_.options().use_network = on;
  } else if (name == "skill level" || name == "level") {
    if (auto v = spin(1, 10)) skill_ = static_cast<int>(*v);
    apply_strength();
  } else if (name == "uci_limitstrength") {
    limit_strength_ = on;
    apply_strength();
  } else if (name == "uci_elo") {
    if (auto v = spin(1350, 2850)) elo_ = static_cast<int>(*v);
    apply_strength();
  } else if (name == "uci_showwdl") {
    show_wdl_ = on;
  } else if (name == "uci_variant") {
    const std::string v = lower(value);
    if (v != "chess" && v != "xiangqi") {
      send("info string UCI_Variant: '" + shown(value) + "' is not chess or xiangqi");
      return;
    }
    variant_ = v;
    if (Status s = engine_.set_game(v); !s) send("info string " + printable(s.error().message));
  } else if (name == "usemillisec" || name == "uci_chess960" || name == "newgame") {
    // Accepted and ignored: times are always milliseconds, no Chess960.
  } else {
    send("info string unknown option '" + shown(name) + "'");
  }
}

void Protocol::apply_strength() {
  engine_.options().level = limit_strength_ ? engine::level_for_elo(elo_) : skill_;
}

void Protocol::command_position(const std::vector<std::string>& words) {
  std::size_t i = 1;
  std::string fen;
  if (i < words.size() && words[i] == "startpos") {
    ++i;
  } else if (i < words.size() && words[i] == "fen") {
    ++i;
    while (i < words.size() && words[i] != "moves") {
      if (!fen.empty()) fen += ' ';
      fen += words[i++];
    }
    if (fen.empty()) {
      send("info string position: fen without a position");
      return;
    }
  } else {
    send("info string position: expected startpos or fen");
    return;
  }
  std::vector<std::string> moves;
  if (i < words.size() && words[i] == "moves") moves.assign(words.begin() + i + 1, words.end());
  banned_.clear();
  if (Status s = engine_.set_position(fen, moves); !s)
    send("info string position: " + printable(s.error().message));  // whole: the game's words
}

void Protocol::command_go(const std::vector<std::string>& words) {
  engine::SearchLimits limits;
  const bool first = engine_.game().side_to_move() == Side::First;
  std::vector<std::string> search_moves;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    auto next = [&](std::int64_t lo, std::int64_t hi) -> std::optional<std::int64_t> {
      if (i + 1 >= words.size()) return std::nullopt;
      auto v = number(words[i + 1], lo, hi);
      if (v) ++i;
      return v;
    };
    constexpr std::int64_t kBig = std::int64_t{1} << 40;
    if (w == "infinite") {
      limits.infinite = true;
    } else if (w == "ponder") {
      limits.ponder = true;
    } else if (w == "searchmoves") {
      while (i + 1 < words.size()) search_moves.push_back(words[++i]);
    } else if (w == "wtime" || w == "btime") {
      if (auto t = next(0, kBig)) ((w == "wtime") == first ? limits.time_left : limits.opponent_time) = *t;
    } else if (w == "winc" || w == "binc") {
      if (auto t = next(0, kBig))
        ((w == "winc") == first ? limits.increment : limits.opponent_increment) = *t;
    } else if (w == "time") {  // UCCI: the side to move's clock
      if (auto t = next(0, kBig)) limits.time_left = *t;
    } else if (w == "increment") {
      if (auto t = next(0, kBig)) limits.increment = *t;
    } else if (w == "opptime") {
      if (auto t = next(0, kBig)) limits.opponent_time = *t;
    } else if (w == "oppincrement") {
      if (auto t = next(0, kBig)) limits.opponent_increment = *t;
    } else if (w == "movestogo") {
      if (auto t = next(0, 10000)) limits.moves_to_go = static_cast<int>(*t);
    } else if (w == "movetime") {
      if (auto t = next(0, kBig)) limits.move_time = *t;
    } else if (w == "depth") {
      if (auto t = next(1, engine::kMaxPly - 8)) limits.depth = static_cast<int>(*t);
    } else if (w == "nodes") {
      if (auto t = next(1, kBig)) limits.nodes = static_cast<std::uint64_t>(*t);
    } else if (w == "mate") {
      if (auto t = next(1, 100)) limits.mate = static_cast<int>(*t);
    } else if (w == "draw") {
      // UCCI: the opponent offers a draw; Qi plays on.
    } else {
      send("info string go: ignoring '" + shown(w) + "'");
    }
  }
  // A go with no limit at all searches until stop, as in UCI.
  if (limits.time_left < 0 && limits.move_time < 0 && !limits.depth && !limits.nodes && !limits.mate)
    limits.infinite = true;
  if (node_cap_ && (limits.nodes == 0 || limits.nodes > node_cap_)) {
    limits.nodes = node_cap_;
    limits.infinite = false;
    limits.ponder = false;
  }
  if (!banned_.empty()) {
    if (search_moves.empty())
      for (const MoveText& m : engine_.game().legal_moves()) search_moves.push_back(m.id);
    std::erase_if(search_moves, [&](const std::string& m) {
      return std::find(banned_.begin(), banned_.end(), m) != banned_.end();
    });
    if (search_moves.empty()) search_moves.push_back("(none)");
  }
  limits.search_moves = search_moves;

  engine::SearchCallbacks callbacks;
  callbacks.on_info = [this](const engine::SearchInfo& info) { send(info_line(info)); };
  callbacks.on_done = [this](const engine::SearchResult& r) {
    if (r.best.empty()) {
      send(dialect_ == Dialect::Ucci ? "nobestmove" : "bestmove (none)");
      return;
    }
    send("bestmove " + r.best + (r.ponder.empty() ? "" : " ponder " + r.ponder));
  };
  engine_.go(limits, std::move(callbacks));
}

std::string Protocol::info_line(const engine::SearchInfo& info) const {
  return dialect_ == Dialect::Ucci ? ucci_info_text(info) : uci_info_text(info, show_wdl_);
}

void Protocol::command_perft(int depth) {
  perft_stop_ = false;
  perft_thread_ = std::thread(&Protocol::run_perft, this, engine_.game().clone(), depth);
}

// Stockfish's "divide" lines, then the total; the moves in the game's
// machine notation, as its perft_divide writes them.
void Protocol::run_perft(std::unique_ptr<Game> game, int depth) {
  std::uint64_t total = 0;
  for (const MoveText& move : game->legal_moves()) {
    (void)game->play(move.id);
    const std::optional<std::uint64_t> nodes = count_until_stopped(*game, depth - 1);
    game->undo();
    if (!nodes) {
      send("info string perft stopped");
      return;
    }
    send(move.id + ": " + std::to_string(*nodes));
    total += *nodes;
  }
  send("");
  send("Nodes searched: " + std::to_string(total));
}

// The leaves `depth` plies below, or nullopt once stop was asked.
std::optional<std::uint64_t> Protocol::count_until_stopped(Game& game, int depth) {
  if (perft_stop_) return std::nullopt;
  if (depth <= kUninterruptedDepth) return game.perft(depth);
  std::uint64_t nodes = 0;
  for (const MoveText& move : game.legal_moves()) {
    (void)game.play(move.id);
    const std::optional<std::uint64_t> below = count_until_stopped(game, depth - 1);
    game.undo();
    if (!below) return std::nullopt;
    nodes += *below;
  }
  return nodes;
}

void Protocol::command_display() {
  std::istringstream board(engine_.game().board_text(false));
  for (std::string line; std::getline(board, line);) send(line);
  send("Fen: " + engine_.game().fen());
}

}  // namespace qi::protocol
