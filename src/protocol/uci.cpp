#include "protocol/uci.h"

#include <algorithm>
#include <sstream>

#include "core/registry.h"
#include "core/utf8.h"
#include "engine/level_elo.h"
#include "engine/levels.h"
#include "protocol/command_words.h"
#include "protocol/go_request.h"
#include "protocol/info_text.h"
#include "protocol/uci_variants.h"

namespace qi::protocol {
namespace {

// Below this depth perft counts in one call of the game's own perft, fast
// and uninterrupted (a few million nodes at most in chess and xiangqi);
// above it the tree is split by hand so that stop is looked at between
// subtrees.
constexpr int kUninterruptedDepth = 4;

// A refusal without the move text it starts with ("e1g1: there is no
// piece of yours on e1" -> "there is no piece of yours on e1").
std::string reason_of(const Error& error, std::string_view move) {
  const std::string prefix = printable(move) + ": ";
  if (error.message.rfind(prefix, 0) == 0) return error.message.substr(prefix.size());
  return error.message;
}

}  // namespace

Protocol::Protocol(Dialect dialect, Output out, const Clock* clock)
    : dialect_(dialect), out_(std::move(out)), engine_(clock) {
  // UCCI plays the game whose registration says UCCI engines play it.
  if (dialect_ == Dialect::Ucci) {
    for (const GameRegistration* g : registered_games())
      if (g->protocols.ucci) {
        set_variant(g->descriptor().name);
        break;
      }
  } else if (!default_uci_variant().empty()) {
    // UCI plays the default game's UCI variant until a GUI names another.
    set_variant(std::string(default_uci_variant()));
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

// Until the last line of its answer is written: once the GUI has read
// bestmove (or perft's total), its next command finds the engine idle, even
// if the search thread has not quite ended yet (the engine waits for it).
bool Protocol::busy() const { return thinking_ || perft_running_; }

void Protocol::stop_and_wait() {
  stop_perft();
  engine_.stop();
  engine_.wait();
}

void Protocol::send(const std::string& line) {
  std::lock_guard lock(out_mutex_);
  out_(line);
}

void Protocol::say(const std::string& text) {
  send((dialect_ == Dialect::Ucci ? "info message " : "info string ") + text);
}

bool Protocol::handle(std::string_view line) {
  const std::vector<std::string> words = split_words(line);
  if (words.empty()) return true;
  const std::string& cmd = words[0];
  const bool ucci = dialect_ == Dialect::Ucci;

  if (cmd == "quit") {
    stop_and_wait();
    if (ucci) send("bye");
    return false;
  }
  // UCCI's batch mode: while thinking, nothing is read (but stop and
  // ponderhit, which a search may be waiting for).
  if (batch_ && busy() && cmd != "stop" && cmd != "ponderhit") wait();

  // What a search goes on through.
  if (cmd == "stop") {
    command_stop();
    return true;
  }
  if (cmd == "ponderhit") {
    if (ucci && words.size() > 1 && words[1] == "draw") draw_offered_ = true;
    engine_.ponderhit();
    return true;
  }
  if (cmd == "isready") {
    send("readyok");
    return true;
  }
  if (!ucci && cmd == "debug") {
    debug_ = words.size() < 2 || words[1] != "off";
    return true;
  }
  if (!ucci && cmd == "register") return true;  // Qi needs no registration
  if (ucci && cmd == "probe") {
    command_probe(words);
    return true;
  }
  if (cmd == "d") {
    command_display();
    return true;
  }
  const bool known = cmd == "uci" || cmd == "ucci" || cmd == "ucinewgame" || cmd == "setoption" ||
                     cmd == "position" || cmd == "go" || cmd == "eval" || (ucci && cmd == "banmoves");
  if (!known) {
    say("unknown command '" + quoted(cmd) + "'");
    return true;
  }
  if (busy() && needs_idle(words)) {
    if (ucci) {
      say(quoted(cmd) + " ignored while thinking (send stop first)");
      return true;
    }
    stop_and_wait();  // UCI: the GUI wants this now; stopping is the safe answer
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
    command_banmoves(words);
  } else if (cmd == "go") {
    command_go(words);
  } else if (cmd == "eval") {
    engine_.options() = search_options();
    say("static evaluation " + std::to_string(engine_.static_eval()) + " (side to move)");
  }
  return true;
}

void Protocol::command_stop() {
  if (perft_running_) {
    perft_stop_ = true;  // the thread ends soon; the next command waits for it
    return;
  }
  if (thinking_) {
    engine_.stop();
    return;
  }
  // UCCI: a stop that finds no search still gets an answer, so that a GUI
  // that lost track of the state does not wait for one forever.
  if (dialect_ == Dialect::Ucci) send("nobestmove");
}

std::optional<Protocol::PositionText> Protocol::read_position(const std::vector<std::string>& words,
                                                              std::size_t from, const char* command) {
  PositionText position;
  std::size_t i = from;
  if (i < words.size() && words[i] == "startpos") {
    ++i;
  } else if (i < words.size() && words[i] == "fen") {
    ++i;
    while (i < words.size() && words[i] != "moves") {
      if (!position.fen.empty()) position.fen += ' ';
      position.fen += words[i++];
    }
    if (position.fen.empty()) {
      say(std::string(command) + ": fen without a position");
      return std::nullopt;
    }
  } else {
    say(std::string(command) + ": expected startpos or fen");
    return std::nullopt;
  }
  if (i < words.size() && words[i] == "moves") position.moves.assign(words.begin() + i + 1, words.end());
  return position;
}

std::vector<std::string> Protocol::game_moves(const std::vector<std::string>& moves,
                                              std::optional<Error>& refused) const {
  std::vector<std::string> out;
  for (const std::string& m : moves) {
    Expected<std::string> id = to_game(coordinates_, m);
    if (!id) {
      refused = id.error();
      break;
    }
    out.push_back(*id);
  }
  return out;
}

void Protocol::command_position(const std::vector<std::string>& words) {
  const std::optional<PositionText> position = read_position(words, 1, "position");
  if (!position) return;
  banned_.clear();
  std::optional<Error> unreadable;
  const std::vector<std::string> moves = game_moves(position->moves, unreadable);
  Expected<engine::Engine::MovesPlayed> played = engine_.set_position_up_to_refusal(position->fen, moves);
  if (!played) {
    say("position: " + printable(played.error().message));  // nothing changed
    return;
  }
  if (played->refused) {
    const std::string reason = reason_of(*played->refused, moves[played->count]);
    report_refusal(*position, played->count, words_from_game(coordinates_, reason));
  } else if (unreadable) {
    report_refusal(*position, played->count, reason_of(*unreadable, position->moves[played->count]));
  }
}

// Which move of the list was not played and why, and where the position
// stands instead (Stockfish's way: the moves before it are played).
void Protocol::report_refusal(const PositionText& position, std::size_t played, const std::string& reason) {
  const std::string& text = position.moves[played];
  const Game& game = engine_.game();
  const std::string& side = game.descriptor().sides[index(game.side_to_move())].en;
  std::string kept = played == 0   ? "no move was played"
                     : played == 1 ? "the 1 move before it was played"
                                   : "the " + std::to_string(played) + " moves before it were played";
  say("position: move " + std::to_string(played + 1) + " (" + quoted(text) +
      ") is not legal: " + printable(reason) + "; " + kept + " (" + side + " to move)");
}

void Protocol::command_banmoves(const std::vector<std::string>& words) {
  banned_.clear();
  for (std::size_t i = 1; i < words.size(); ++i) {
    Expected<MoveText> move = engine_.game().parse_move(words[i]);
    if (move)
      banned_.push_back(move->id);
    else
      say("banmoves: " + printable(move.error().message));
  }
}

// The root moves a search may choose from: the legal moves the GUI listed
// (none listed, or none of them legal: every one), less UCCI's banned moves;
// empty when that is every move; "(none)", a sentinel that leaves the search
// nothing, when UCCI's banned moves take every legal move.
std::vector<std::string> Protocol::root_moves(const std::vector<std::string>& search_moves) {
  std::vector<std::string> ids;
  for (const std::string& text : search_moves) {
    Expected<std::string> id = to_game(coordinates_, text);
    Expected<MoveText> move = id ? engine_.game().parse_move(*id) : Expected<MoveText>(id.error());
    if (move)
      ids.push_back(move->id);
    else
      say("go: searchmoves: " + printable(words_from_game(coordinates_, move.error().message)));
  }
  // None of the moves listed is legal: the GUI still waits for a move, and
  // the position has one (searchmoves restricts, it cannot forbid them all).
  if (!search_moves.empty() && ids.empty() && !engine_.game().legal_moves().empty())
    say("go: searchmoves: none of its moves is legal here; searching every legal move");
  const bool restricted = !ids.empty() || !banned_.empty();
  if (!restricted) return ids;
  if (ids.empty())
    for (const MoveText& m : engine_.game().legal_moves()) ids.push_back(m.id);
  std::erase_if(ids, [&](const std::string& m) {
    return std::find(banned_.begin(), banned_.end(), m) != banned_.end();
  });
  if (ids.empty()) {
    if (!engine_.game().legal_moves().empty()) say("go: every move it may play is banned (banmoves)");
    ids.push_back("(none)");
  }
  return ids;
}

void Protocol::command_go(const std::vector<std::string>& words) {
  const bool ucci = dialect_ == Dialect::Ucci;
  GoRequest go = parse_go(words, GoContext{dialect_, engine_.game().side_to_move(), milliseconds_});
  for (const GoProblem& p : go.problems) {
    const std::string word = p.word_of_go ? quoted(p.word) : "'" + quoted(p.word) + "'";
    say("go: " + word + (p.value ? " '" + quoted(*p.value) + "'" : "") + ": " + p.why);
  }
  if (go.perft) {
    command_perft(*go.perft);
    return;
  }
  if (go.bounded_instead)
    say("go: searching " + std::to_string(kMalformedGoNodes) + " nodes instead, then answering");
  engine_.options() = search_options();
  engine::SearchLimits& limits = go.limits;
  if (node_cap_ && (limits.nodes == 0 || limits.nodes > node_cap_)) {
    limits.nodes = node_cap_;
    limits.infinite = false;
    limits.ponder = false;
  }
  limits.search_moves = root_moves(go.search_moves);
  draw_offered_ = go.draw_offered;

  // The reports are written as this go's coordinates say, whatever comes later.
  const Coordinates c = coordinates_;
  engine::SearchCallbacks callbacks;
  callbacks.on_info = [this, c, ucci](const engine::SearchInfo& info) {
    engine::SearchInfo shown = info;
    for (std::string& m : shown.pv) m = from_game(c, m);
    send(ucci ? ucci_info_text(shown) : uci_info_text(shown, show_wdl_));
  };
  callbacks.on_current_move = [this, c, ucci](const engine::CurrentMove& current) {
    engine::CurrentMove shown = current;
    shown.move = from_game(c, current.move);
    send(ucci ? ucci_current_move_text(shown) : uci_current_move_text(shown));
  };
  callbacks.on_done = [this, c, ucci](const engine::SearchResult& r) {
    std::string line;
    if (r.best.empty()) {
      line = ucci ? "nobestmove" : "bestmove (none)";
    } else {
      line = "bestmove " + from_game(c, r.best);
      if (!r.ponder.empty()) line += " ponder " + from_game(c, r.ponder);
      if (ucci && draw_offered_ && r.score <= kAcceptDrawAtMostCp) line += " draw";
    }
    thinking_ = false;
    send(line);
  };
  thinking_ = true;
  engine_.go(limits, std::move(callbacks));
}

void Protocol::command_probe(const std::vector<std::string>& words) {
  const std::optional<PositionText> position = read_position(words, 1, "probe");
  std::optional<Error> unreadable;
  const std::vector<std::string> moves =
      position ? game_moves(position->moves, unreadable) : std::vector<std::string>{};
  if (position && unreadable) say("probe: " + printable(unreadable->message));
  if (!position || unreadable) {
    send("pophash");  // the GUI waits for one
    return;
  }
  Expected<std::optional<engine::Backend::TableEntry>> entry = engine_.probe(position->fen, moves);
  if (!entry) say("probe: " + printable(words_from_game(coordinates_, entry.error().message)));
  if (!entry || !*entry) {
    send("pophash");
    return;
  }
  const engine::Backend::TableEntry& e = **entry;
  std::string line = "pophash";
  if (!e.move.empty()) line += " bestmove " + from_game(coordinates_, e.move);
  const std::string depth = " depth " + std::to_string(e.depth);
  if (e.bound == engine::Bound::Lower || e.bound == engine::Bound::Exact)
    line += " lowerbound " + std::to_string(e.score) + depth;
  if (e.bound == engine::Bound::Upper || e.bound == engine::Bound::Exact)
    line += " upperbound " + std::to_string(e.score) + depth;
  send(line);
}

void Protocol::command_perft(int depth) {
  if (perft_thread_.joinable()) perft_thread_.join();  // the last one has written its total
  perft_stop_ = false;
  perft_running_ = true;
  perft_thread_ = std::thread(&Protocol::run_perft, this, engine_.game().clone(), depth);
}

// Stockfish's "divide" lines, then the total; the moves in the protocol's
// coordinates.
void Protocol::run_perft(std::unique_ptr<Game> game, int depth) {
  std::uint64_t total = 0;
  bool stopped = false;
  for (const MoveText& move : game->legal_moves()) {
    (void)game->play(move.id);
    const std::optional<std::uint64_t> nodes = count_until_stopped(*game, depth - 1);
    game->undo();
    if (!nodes) {
      stopped = true;
      break;
    }
    send(from_game(coordinates_, move.id) + ": " + std::to_string(*nodes));
    total += *nodes;
  }
  if (stopped) {
    perft_running_ = false;
    say("perft stopped");
  } else {
    send("");
    perft_running_ = false;
    send("Nodes searched: " + std::to_string(total));
  }
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

engine::EngineOptions Protocol::search_options() const {
  engine::EngineOptions options = options_;
  // A game whose levels carry no Elo plays UCI_LimitStrength at the skill
  // level set.
  options.level = analyse_mode_     ? 10
                  : limit_strength_ ? engine::level_for_elo(engine_.game().name(), elo_).value_or(skill_)
                                    : skill_;
  // Analysis wants the search's own view of every position.
  options.own_book = options_.own_book && !analyse_mode_;
  return options;
}

}  // namespace qi::protocol
