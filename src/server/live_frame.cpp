#include "server/live_frame.h"

namespace qi::server {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxTokenBytes = 128;

bool is_game_id(const std::string& id) {
  if (id.empty() || id.size() > 32) return false;
  for (char c : id)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// An action's name as the HTTP route has it ("move", "offer-draw").
bool is_action_name(const std::string& action) {
  if (action.empty() || action.size() > 32) return false;
  for (char c : action)
    if (!((c >= 'a' && c <= 'z') || c == '-')) return false;
  return true;
}

Error bad(const std::string& message) { return make_error("bad_frame", message); }

}  // namespace

Expected<LiveFrame> parse_live_frame(std::string_view text) {
  const json frame = json::parse(text, nullptr, false);
  if (frame.is_discarded() || !frame.is_object()) return bad("a frame is a JSON object with an \"op\"");
  auto op = frame.find("op");
  if (op == frame.end() || !op->is_string()) return bad("a frame is a JSON object with an \"op\"");
  const std::string name = op->get<std::string>();
  LiveFrame out;
  if (name == "ping") return out;
  if (name == "watch")
    out.op = LiveFrame::Op::Watch;
  else if (name == "unwatch")
    out.op = LiveFrame::Op::Unwatch;
  else if (name == "act")
    out.op = LiveFrame::Op::Act;
  else
    return make_error("unknown_op", "\"op\" is one of watch, unwatch, act, ping");
  if (out.op == LiveFrame::Op::Act) {
    auto ref = frame.find("ref");
    if (ref == frame.end() || !ref->is_number_integer())
      return bad("an act has a \"ref\", a whole number its reply repeats");
    out.ref = ref->dump();
  }
  auto id = frame.find("id");
  if (id == frame.end() || !id->is_string() || !is_game_id(id->get<std::string>()))
    return bad("\"id\" is a game's id");
  out.game = id->get<std::string>();
  if (out.op == LiveFrame::Op::Watch) {
    if (auto seen = frame.find("seen"); seen != frame.end()) {
      if (!seen->is_number_unsigned()) return bad("\"seen\" is a game's version");
      out.seen = seen->get<std::uint64_t>();
    }
    if (auto token = frame.find("token"); token != frame.end() && !token->is_null()) {
      if (!token->is_string() || token->get<std::string>().size() > kMaxTokenBytes)
        return bad("\"token\" is a seat's token");
      out.token = token->get<std::string>();
    }
  }
  if (out.op == LiveFrame::Op::Act) {
    auto action = frame.find("action");
    if (action == frame.end() || !action->is_string() || !is_action_name(action->get<std::string>()))
      return bad("\"action\" is a game action (move, undo, resign, ...)");
    out.action = action->get<std::string>();
    if (auto b = frame.find("body"); b != frame.end()) {
      if (!b->is_object()) return bad("\"body\" is a JSON object");
      out.body = *b;
    }
  }
  return out;
}

}  // namespace qi::server
