#include "arena/engine_player.h"

#include <charconv>
#include <chrono>
#include <sstream>

namespace qi::arena {
namespace {

using Monotonic = std::chrono::steady_clock;

bool starts_with_word(const std::string& line, const std::string& word) {
  return line.compare(0, word.size(), word) == 0 && (line.size() == word.size() || line[word.size()] == ' ');
}

std::optional<int> to_int(const std::string& text) {
  int v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

std::string moves_suffix(const std::vector<std::string>& moves) {
  if (moves.empty()) return {};
  std::string out = " moves";
  for (const std::string& m : moves) out += " " + m;
  return out;
}

EnginePlayer::EnginePlayer(EngineConfig config) : config_(std::move(config)), name_(config_.name) {
  if (name_.empty() && !config_.argv.empty()) name_ = config_.argv.front();
}

EnginePlayer::~EnginePlayer() { quit(); }

std::string EnginePlayer::fail_description(Process::Read how) {
  alive_ = false;
  if (how == Process::Read::Timeout) return "no reply (hung)";
  std::string exit = process_.exit_description();
  return exit.empty() ? "closed its output" : exit;
}

Status EnginePlayer::exchange(const std::string& command, const std::string& reply, std::int64_t timeout_ms) {
  if (!process_.write_line(command))
    return make_error(name_ + ": " + fail_description(Process::Read::Closed));
  const auto start = Monotonic::now();
  std::string line;
  while (true) {
    auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(Monotonic::now() - start).count();
    Process::Read r = process_.read_line(line, timeout_ms - spent);
    if (r != Process::Read::Line)
      return make_error(name_ + ": " + fail_description(r) + " after '" + command + "' (waiting for '" +
                        reply + "')");
    if (starts_with_word(line, reply)) return Ok{};
    if (command == hello() && config_.name.empty() && line.rfind("id name ", 0) == 0) name_ = line.substr(8);
  }
}

Status EnginePlayer::start() {
  if (Status s = process_.start(config_.argv, config_.dir); !s)
    return make_error(name_ + ": " + s.error().message);
  alive_ = true;
  if (Status s = exchange(hello(), hello_ok(), config_.startup_timeout_ms); !s) return s;
  for (const auto& [k, v] : game_options()) process_.write_line(option_command(k, v));
  for (const auto& [k, v] : config_.options) process_.write_line(option_command(k, v));
  return exchange("isready", "readyok", config_.startup_timeout_ms);
}

Status EnginePlayer::new_game(std::uint64_t) {
  if (!alive_) return make_error(name_ + ": not running");
  if (std::string c = new_game_command(); !c.empty() && !process_.write_line(c))
    return make_error(name_ + ": " + fail_description(Process::Read::Closed));
  return exchange("isready", "readyok", config_.startup_timeout_ms);
}

void EnginePlayer::parse_info(const std::string& line, MoveReply& reply) const {
  std::istringstream words(line);
  std::string word;
  words >> word;  // "info"
  while (words >> word) {
    if (word == "score") {
      std::string kind, value;
      words >> kind >> value;
      std::optional<int> v = to_int(value);
      if (!v) continue;
      if (kind == "cp") reply.score_cp = *v, reply.mate_in.reset();
      if (kind == "mate") reply.mate_in = *v, reply.score_cp.reset();
    } else if (word == "depth") {
      std::string value;
      words >> value;
      if (std::optional<int> v = to_int(value)) reply.depth = *v;
    } else if (word == "time") {
      std::string value;
      words >> value;
      if (std::optional<int> v = to_int(value)) reply.engine_time_ms = *v;
    } else if (word == "pv" || word == "string") {
      break;  // the rest of the line is moves or free text
    }
  }
}

MoveReply EnginePlayer::go(const MoveRequest& request) {
  if (!alive_) return MoveReply::failed(Failure::Crash, "not running");
  const std::string position = position_command(request);
  const std::string go = go_command(request);
  if (!process_.write_line(position))
    return MoveReply::failed(Failure::Crash, fail_description(Process::Read::Closed));
  const auto start = Monotonic::now();
  if (!process_.write_line(go))
    return MoveReply::failed(Failure::Crash, fail_description(Process::Read::Closed));
  MoveReply reply;
  std::string line;
  while (true) {
    auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(Monotonic::now() - start).count();
    Process::Read r = process_.read_line(line, request.deadline_ms - spent);
    if (r == Process::Read::Closed) return MoveReply::failed(Failure::Crash, fail_description(r));
    if (r == Process::Read::Timeout) {
      // Out of time. An engine that still answers "stop" can play on in the
      // next game; one that does not is replaced.
      process_.write_line("stop");
      bool answered = false;
      while (process_.read_line(line, 1000) == Process::Read::Line)
        if (starts_with_word(line, "bestmove") || starts_with_word(line, "nobestmove")) {
          answered = true;
          break;
        }
      if (!answered) alive_ = false;
      return MoveReply::failed(Failure::Timeout,
                               answered ? "out of time" : "out of time, and did not answer 'stop'");
    }
    if (starts_with_word(line, "info")) {
      parse_info(line, reply);
    } else if (starts_with_word(line, "nobestmove")) {
      return MoveReply::failed(Failure::Protocol, "replied 'nobestmove'");
    } else if (starts_with_word(line, "bestmove")) {
      std::istringstream words(line.substr(8));
      std::string move;
      if (!(words >> move) || move == "(none)" || move == "0000")
        return MoveReply::failed(Failure::Protocol, "replied '" + line + "' with moves left to play");
      reply.move = move_from_engine(move);
      reply.wait_us = std::chrono::duration_cast<std::chrono::microseconds>(Monotonic::now() - start).count();
      return reply;
    }
  }
}

void EnginePlayer::quit() {
  if (process_.running()) {
    process_.write_line("quit");
    process_.stop(alive_ ? 500 : 0);
  }
  alive_ = false;
}

}  // namespace qi::arena
