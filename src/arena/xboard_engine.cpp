#include "arena/xboard_engine.h"

#include <chrono>
#include <cstdio>

#include "core/registry.h"

namespace qi::arena {
namespace {

// The `variant` command that sets an xboard engine to the game, as the
// game's registration names it; empty for the engines' own game.
std::string variant_command(std::string_view game) {
  const GameRegistration* registered = find_game(game);
  if (!registered || registered->protocols.xboard_variant.empty()) return {};
  return "variant " + std::string(registered->protocols.xboard_variant);
}

using SteadyClock = std::chrono::steady_clock;

bool starts_with_word(const std::string& line, const std::string& word) {
  return line.compare(0, word.size(), word) == 0 && (line.size() == word.size() || line[word.size()] == ' ');
}

std::int64_t ms_since(SteadyClock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start).count();
}

// "level 0 M:SS INC": sudden death from `base_ms` with `inc_ms` a move.
std::string level_command(std::int64_t base_ms, std::int64_t inc_ms, int moves_to_go) {
  const std::int64_t seconds = std::max<std::int64_t>(1, base_ms / 1000);
  char buf[96];
  std::snprintf(buf, sizeof buf, "level %d %lld:%02lld %g", std::max(0, moves_to_go),
                static_cast<long long>(seconds / 60), static_cast<long long>(seconds % 60),
                static_cast<double>(inc_ms) / 1000.0);
  return buf;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> xboard_features(const std::string& line) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!starts_with_word(line, "feature")) return out;
  std::size_t i = 7;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t eq = line.find('=', i);
    if (eq == std::string::npos) break;
    std::string key = line.substr(i, eq - i);
    std::string value;
    i = eq + 1;
    if (i < line.size() && line[i] == '"') {
      const std::size_t close = line.find('"', i + 1);
      value = line.substr(i + 1, (close == std::string::npos ? line.size() : close) - i - 1);
      i = close == std::string::npos ? line.size() : close + 1;
    } else {
      const std::size_t end = std::min(line.find(' ', i), line.size());
      value = line.substr(i, end - i);
      i = end;
    }
    out.emplace_back(std::move(key), std::move(value));
  }
  return out;
}

XboardEngine::XboardEngine(EngineConfig config) : config_(std::move(config)), name_(config_.name) {
  if (name_.empty() && !config_.argv.empty()) name_ = config_.argv.front();
}

XboardEngine::~XboardEngine() { quit(); }

bool XboardEngine::send(const std::string& line) {
  if (process_.write_line(line)) return true;
  alive_ = false;
  return false;
}

std::string XboardEngine::failure(Process::Read how) {
  alive_ = false;
  if (how == Process::Read::Timeout) return "no reply (hung)";
  std::string exit = process_.exit_description();
  return exit.empty() ? "closed its output" : exit;
}

Status XboardEngine::sync(std::int64_t timeout_ms) {
  const std::string ping = "ping " + std::to_string(++ping_), pong = "pong " + std::to_string(ping_);
  if (!send(ping)) return make_error(name_ + ": " + failure(Process::Read::Closed));
  const auto start = SteadyClock::now();
  std::string line;
  while (true) {
    Process::Read r = process_.read_line(line, timeout_ms - ms_since(start));
    if (r != Process::Read::Line) return make_error(name_ + ": " + failure(r) + " after '" + ping + "'");
    if (line == pong) return Ok{};
  }
}

Status XboardEngine::start() {
  if (Status s = process_.start(config_.argv, config_.dir); !s)
    return make_error(name_ + ": " + s.error().message);
  alive_ = true;
  if (!send("xboard") || !send("protover 2"))
    return make_error(name_ + ": " + failure(Process::Read::Closed));
  // Features until "done=1"; an engine of protocol 1 sends none, so a quiet
  // second ends the wait too.
  const auto start = SteadyClock::now();
  std::string line;
  bool done = false;
  while (!done && ms_since(start) < config_.startup_timeout_ms) {
    Process::Read r =
        process_.read_line(line, std::min<std::int64_t>(2000, config_.startup_timeout_ms - ms_since(start)));
    if (r == Process::Read::Closed) return make_error(name_ + ": " + failure(r) + " after 'protover 2'");
    if (r == Process::Read::Timeout) break;
    for (const auto& [key, value] : xboard_features(line)) {
      if (key == "done" && value == "1") done = true;
      if (key == "setboard") setboard_ = value == "1";
      if (key == "myname" && config_.name.empty()) name_ = value;
    }
  }
  return sync(config_.startup_timeout_ms);
}

Status XboardEngine::new_game(std::uint64_t) {
  if (!alive_) return make_error(name_ + ": not running");
  start_fen_.clear();
  known_.clear();
  level_sent_ = false;
  std::vector<std::string> commands = {"new", "easy", "force"};
  if (const std::string v = variant_command(config_.game); !v.empty())
    commands.insert(commands.begin() + 1, v);
  for (const std::string& c : commands)
    if (!send(c)) return make_error(name_ + ": " + failure(Process::Read::Closed));
  for (const auto& [k, v] : config_.options)
    if (!send("option " + k + "=" + v)) return make_error(name_ + ": " + failure(Process::Read::Closed));
  return sync(config_.startup_timeout_ms);
}

Expected<bool> XboardEngine::set_position(const MoveRequest& r) {
  const std::string fen = r.standard_start ? std::string() : r.start_fen;
  bool continues = fen == start_fen_ && known_.size() <= r.moves.size();
  for (std::size_t i = 0; continues && i < known_.size(); ++i) continues = known_[i] == r.moves[i];
  if (!continues) {
    if (!fen.empty() && !setboard_)
      return make_error("the engine cannot be given a start position (no setboard)");
    const std::string variant = variant_command(config_.game);
    if (!send("new") || (!variant.empty() && !send(variant)) || !send("easy") || !send("force")) return false;
    if (!fen.empty() && !send("setboard " + fen)) return false;
    start_fen_ = fen;
    known_.clear();
    level_sent_ = false;
  }
  for (std::size_t i = known_.size(); i < r.moves.size(); ++i) {
    if (!send(r.moves[i])) return false;
    known_.push_back(r.moves[i]);
  }
  return true;
}

MoveReply XboardEngine::go(const MoveRequest& r) {
  if (!alive_) return MoveReply::failed(Failure::Crash, "not running");
  Expected<bool> placed = set_position(r);
  if (!placed) return MoveReply::failed(Failure::Protocol, placed.error().message);
  if (!*placed) return MoveReply::failed(Failure::Crash, failure(Process::Read::Closed));
  const int us = index(r.side);
  std::vector<std::string> commands;
  if (!level_sent_) {
    if (r.movetime_ms)
      commands.push_back("st " + std::to_string(std::max<std::int64_t>(1, r.movetime_ms / 1000)));
    else if (r.depth)
      commands.push_back("sd " + std::to_string(r.depth));
    else if (r.time_ms[us] > 0)
      commands.push_back(level_command(r.time_ms[us], r.increment_ms, r.moves_to_go));
    level_sent_ = true;
  }
  if (!r.movetime_ms && !r.depth && r.time_ms[us] > 0) {
    commands.push_back("time " + std::to_string(r.time_ms[us] / 10));
    commands.push_back("otim " + std::to_string(r.time_ms[1 - us] / 10));
  }
  for (const std::string& c : commands)
    if (!send(c)) return MoveReply::failed(Failure::Crash, failure(Process::Read::Closed));
  const auto start = SteadyClock::now();
  if (!send("go")) return MoveReply::failed(Failure::Crash, failure(Process::Read::Closed));
  std::string line;
  while (true) {
    Process::Read got = process_.read_line(line, r.deadline_ms - ms_since(start));
    if (got == Process::Read::Closed) return MoveReply::failed(Failure::Crash, failure(got));
    if (got == Process::Read::Timeout) {
      // Out of time: "?" asks for the move now; one that does not come means
      // the engine is replaced for the next game.
      send("?");
      bool answered = false;
      while (process_.read_line(line, 1000) == Process::Read::Line)
        if (starts_with_word(line, "move")) {
          answered = true;
          break;
        }
      if (!answered) alive_ = false;
      known_.clear(), start_fen_ = "?";  // the engine's game no longer matches ours
      return MoveReply::failed(Failure::Timeout,
                               answered ? "out of time" : "out of time, and did not answer '?'");
    }
    if (starts_with_word(line, "move")) {
      MoveReply reply;
      reply.move = line.substr(5);
      while (!reply.move.empty() && reply.move.back() == ' ') reply.move.pop_back();
      reply.wait_us =
          std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - start).count();
      // Back to force mode, so the engine waits for the next request.
      send("force");
      known_.push_back(reply.move);
      return reply;
    }
    if (starts_with_word(line, "resign") || line.rfind("Illegal move", 0) == 0 || line.rfind("Error", 0) == 0)
      return MoveReply::failed(Failure::Protocol, "replied '" + line + "'");
  }
}

void XboardEngine::quit() {
  if (process_.running()) {
    process_.write_line("quit");
    process_.stop(alive_ ? 500 : 0);
  }
  alive_ = false;
}

}  // namespace qi::arena
