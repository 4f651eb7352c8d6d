#include "core/time_control.h"

#include <algorithm>
#include <charconv>

namespace qi {
namespace {

// Large enough for any real event (a week), small enough that sums of times
// never overflow.
constexpr std::int64_t kMaxMs = 7LL * 24 * 3600 * 1000;
constexpr std::int64_t kMaxCount = 1'000'000'000'000LL;

Expected<std::int64_t> parse_count(std::string_view text, std::string_view what, std::int64_t max) {
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size())
    return make_error(std::string(what) + " '" + std::string(text) + "' is not a whole number");
  if (value <= 0 || value > max)
    return make_error(std::string(what) + " " + std::string(text) + " is out of range (1 to " +
                      std::to_string(max) + ")");
  return value;
}

// "60", "0.1", "1:30" (minutes:seconds) to milliseconds; at most millisecond
// precision.
Expected<std::int64_t> parse_seconds(std::string_view text, std::string_view what, bool zero_ok) {
  const std::string shown(text);
  std::int64_t minutes = 0;
  if (std::size_t colon = text.find(':'); colon != std::string_view::npos) {
    Expected<std::int64_t> m = parse_count(text.substr(0, colon), what, kMaxMs / 60000);
    if (!m) return make_error(std::string(what) + " '" + shown + "' is not minutes:seconds");
    minutes = *m;
    text = text.substr(colon + 1);
  }
  std::size_t dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  auto digits = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if ((whole.empty() && fraction.empty()) || !digits(whole) || !digits(fraction) ||
      (dot != std::string_view::npos && fraction.empty()))
    return make_error(std::string(what) + " '" + shown + "' is not a number of seconds");
  if (fraction.size() > 3)
    return make_error(std::string(what) + " '" + shown + "' is finer than a millisecond");
  if (whole.size() > 9) return make_error(std::string(what) + " '" + shown + "' is too long");
  std::int64_t ms = 0;
  for (char c : whole) ms = ms * 10 + (c - '0');
  ms *= 1000;
  std::int64_t scale = 100;
  for (char c : fraction) ms += (c - '0') * scale, scale /= 10;
  ms += minutes * 60000;
  if (ms > kMaxMs) return make_error(std::string(what) + " '" + shown + "' is longer than a week");
  if (ms == 0 && !zero_ok) return make_error(std::string(what) + " '" + shown + "' must be more than zero");
  return ms;
}

std::string seconds_text(std::int64_t ms) {
  std::string out = std::to_string(ms / 1000);
  if (std::int64_t frac = ms % 1000; frac != 0) {
    std::string digits = std::to_string(frac + 1000).substr(1);
    while (digits.back() == '0') digits.pop_back();
    out += "." + digits;
  }
  return out;
}

Expected<TimeControl> parse_clock(std::string_view text) {
  TimeControl tc;
  tc.kind = TimeControl::Kind::Clock;
  if (std::size_t slash = text.find('/'); slash != std::string_view::npos) {
    Expected<std::int64_t> moves = parse_count(text.substr(0, slash), "moves per period", 100000);
    if (!moves) return moves.error();
    tc.moves_per_period = static_cast<int>(*moves);
    text = text.substr(slash + 1);
  }
  std::string_view base = text;
  if (std::size_t plus = text.find('+'); plus != std::string_view::npos) {
    base = text.substr(0, plus);
    Expected<std::int64_t> inc = parse_seconds(text.substr(plus + 1), "increment", true);
    if (!inc) return inc.error();
    tc.increment_ms = *inc;
  }
  Expected<std::int64_t> ms = parse_seconds(base, "base time", false);
  if (!ms) return ms.error();
  tc.base_ms = *ms;
  return tc;
}

}  // namespace

Expected<TimeControl> parse_time_control(std::string_view text) {
  auto fail = [&](const Error& e) -> Expected<TimeControl> {
    return make_error("time control '" + std::string(text) + "': " + e.message);
  };
  if (text.empty()) return make_error("time control is empty (try 40/60, 10+0.1, movetime=100, depth=8)");
  if (text == "unlimited" || text == "-") return TimeControl::unlimited();
  std::size_t eq = text.find('=');
  if (eq == std::string_view::npos) {
    Expected<TimeControl> tc = parse_clock(text);
    return tc ? tc : fail(tc.error());
  }
  std::string_view key = text.substr(0, eq);
  std::string_view value = text.substr(eq + 1);
  TimeControl tc;
  if (key == "movetime") {
    Expected<std::int64_t> ms = parse_count(value, "milliseconds", kMaxMs);
    if (!ms) return fail(ms.error());
    tc.kind = TimeControl::Kind::MoveTime;
    tc.base_ms = *ms;
  } else if (key == "depth") {
    Expected<std::int64_t> d = parse_count(value, "depth", 1000);
    if (!d) return fail(d.error());
    tc.kind = TimeControl::Kind::Depth;
    tc.depth = *d;
  } else if (key == "nodes") {
    Expected<std::int64_t> n = parse_count(value, "nodes", kMaxCount);
    if (!n) return fail(n.error());
    tc.kind = TimeControl::Kind::Nodes;
    tc.nodes = *n;
  } else if (key == "permove") {
    std::size_t slash = value.find('/');
    if (slash == std::string_view::npos)
      return fail(make_error("write permove=SECONDS/OVERRUNS, e.g. permove=30/3"));
    Expected<std::int64_t> ms = parse_seconds(value.substr(0, slash), "seconds per move", false);
    if (!ms) return fail(ms.error());
    Expected<std::int64_t> overruns = parse_count(value.substr(slash + 1), "overruns", 1000);
    if (!overruns) return fail(overruns.error());
    tc.kind = TimeControl::Kind::PerMove;
    tc.base_ms = *ms;
    tc.max_overruns = static_cast<int>(*overruns);
  } else {
    return make_error("time control '" + std::string(text) + "': unknown kind '" + std::string(key) +
                      "' (movetime, depth, nodes or permove)");
  }
  return tc;
}

std::string TimeControl::text() const {
  switch (kind) {
    case Kind::Clock: {
      std::string out = moves_per_period ? std::to_string(moves_per_period) + "/" : "";
      out += seconds_text(base_ms);
      if (increment_ms) out.append("+").append(seconds_text(increment_ms));
      return out;
    }
    case Kind::MoveTime:
      return "movetime=" + std::to_string(base_ms);
    case Kind::Depth:
      return "depth=" + std::to_string(depth);
    case Kind::Nodes:
      return "nodes=" + std::to_string(nodes);
    case Kind::Unlimited:
      return "unlimited";
    case Kind::PerMove: {
      std::string out = "permove=";
      return out.append(seconds_text(base_ms)).append("/").append(std::to_string(max_overruns));
    }
  }
  return {};
}

std::string TimeControl::pgn_tag() const {
  // PGN standard section 9.6.1: "moves/seconds", "seconds+increment", "*seconds" (sandclock per move), "-".
  switch (kind) {
    case Kind::Clock:
      return text();
    case Kind::MoveTime:
    case Kind::PerMove: {
      std::string out = "*";
      return out.append(seconds_text(base_ms));
    }
    case Kind::Depth:
    case Kind::Nodes:
    case Kind::Unlimited:
      return "-";
  }
  return "-";
}

Status validate(const TimeControl& tc) {
  constexpr std::int64_t kDay = 24LL * 3600 * 1000;
  switch (tc.kind) {
    case TimeControl::Kind::Unlimited:
    case TimeControl::Kind::Depth:
    case TimeControl::Kind::Nodes:
      return Ok{};
    case TimeControl::Kind::Clock:
      if (tc.base_ms <= 0 || tc.base_ms > kDay)
        return make_error("time control: base time must be between 1 ms and a day");
      if (tc.increment_ms < 0 || tc.increment_ms > 3600 * 1000)
        return make_error("time control: increment must be between 0 and an hour");
      if (tc.moves_per_period < 0 || tc.moves_per_period > 1000)
        return make_error("time control: moves per period must be between 0 and 1000");
      return Ok{};
    case TimeControl::Kind::MoveTime:
    case TimeControl::Kind::PerMove:
      if (tc.base_ms <= 0 || tc.base_ms > kDay)
        return make_error("time control: time per move must be between 1 ms and a day");
      if (tc.kind == TimeControl::Kind::PerMove && (tc.max_overruns < 1 || tc.max_overruns > 100))
        return make_error("time control: overruns allowed must be between 1 and 100");
      return Ok{};
  }
  return Ok{};
}

std::string kind_name(TimeControl::Kind kind) {
  switch (kind) {
    case TimeControl::Kind::Unlimited:
      return "unlimited";
    case TimeControl::Kind::Clock:
      return "clock";
    case TimeControl::Kind::MoveTime:
      return "move_time";
    case TimeControl::Kind::PerMove:
      return "per_move";
    case TimeControl::Kind::Depth:
      return "depth";
    case TimeControl::Kind::Nodes:
      return "nodes";
  }
  return "unlimited";
}

GameClock::GameClock(const TimeControl& tc, std::int64_t margin_ms) : tc_(tc), margin_ms_(margin_ms) {
  remaining_.fill(tc.kind == TimeControl::Kind::Clock ? tc.base_ms : 0);
}

void GameClock::start(Side side, std::int64_t now) {
  if (!tc_.timed()) return;
  running_ = side;
  turn_started_ms_ = now;
}

int GameClock::overruns_of(std::int64_t spent) const {
  if (tc_.base_ms <= 0) return 0;
  if (tc_.kind == TimeControl::Kind::MoveTime) return spent > tc_.base_ms + margin_ms_ ? 1 : 0;
  return static_cast<int>(std::max<std::int64_t>(0, spent - margin_ms_) / tc_.base_ms);
}

void GameClock::charge(Side side, std::int64_t spent) {
  const int s = index(side);
  switch (tc_.kind) {
    case TimeControl::Kind::Clock:
      remaining_[s] -= spent;
      break;
    case TimeControl::Kind::MoveTime:
    case TimeControl::Kind::PerMove:
      overruns_[s] += overruns_of(spent);
      break;
    default:
      break;
  }
}

void GameClock::press(std::int64_t now) {
  if (!tc_.timed() || !running_) return;
  const Side mover = *running_;
  const int s = index(mover);
  charge(mover, elapsed(now));
  ++moves_[s];
  // The increment and a new period come only to a side whose flag stands.
  if (tc_.kind == TimeControl::Kind::Clock && remaining_[s] + margin_ms_ > 0) {
    remaining_[s] = std::max<std::int64_t>(remaining_[s], 0) + tc_.increment_ms;
    if (tc_.moves_per_period && moves_[s] % tc_.moves_per_period == 0) remaining_[s] += tc_.base_ms;
  }
  start(~mover, now);
}

void GameClock::stop(std::int64_t now) {
  if (!running_) return;
  charge(*running_, elapsed(now));
  running_.reset();
}

std::int64_t GameClock::remaining_ms(Side side, std::int64_t now) const {
  const std::int64_t spent = running_ == side ? elapsed(now) : 0;
  switch (tc_.kind) {
    case TimeControl::Kind::Clock:
      return remaining_[index(side)] - spent;
    case TimeControl::Kind::MoveTime:
      return tc_.base_ms - spent;
    case TimeControl::Kind::PerMove:
      return tc_.base_ms - spent % tc_.base_ms;
    default:
      return 0;
  }
}

int GameClock::overruns(Side side, std::int64_t now) const {
  int n = overruns_[index(side)];
  if (running_ == side) n += overruns_of(elapsed(now));
  return n;
}

int GameClock::moves_to_go(Side side) const {
  if (tc_.kind != TimeControl::Kind::Clock || tc_.moves_per_period == 0) return 0;
  return tc_.moves_per_period - moves_[index(side)] % tc_.moves_per_period;
}

std::optional<Side> GameClock::flagged(std::int64_t now) const {
  for (Side s : {Side::First, Side::Second}) {
    switch (tc_.kind) {
      case TimeControl::Kind::Clock:
        if (remaining_ms(s, now) + margin_ms_ <= 0) return s;
        break;
      case TimeControl::Kind::MoveTime:
        if (overruns(s, now) > 0) return s;
        break;
      case TimeControl::Kind::PerMove:
        if (overruns(s, now) >= tc_.max_overruns) return s;
        break;
      default:
        break;
    }
  }
  return std::nullopt;
}

std::int64_t GameClock::time_to_flag(Side side, std::int64_t now) const {
  if (!tc_.timed()) return -1;
  return std::max<std::int64_t>(0, remaining_ms(side, now) + margin_ms_);
}

GameClock::Saved GameClock::save(std::int64_t now) const {
  return {remaining_, overruns_, moves_, running_, elapsed(now)};
}

void GameClock::restore(const Saved& saved, std::int64_t now) {
  remaining_ = saved.remaining_ms;
  overruns_ = saved.overruns;
  moves_ = saved.moves;
  running_ = saved.running;
  turn_started_ms_ = now - saved.turn_elapsed_ms;
}

}  // namespace qi
