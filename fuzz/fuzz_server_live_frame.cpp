// Feeds arbitrary bytes to the reader of the live connection's frames
// (server/live_frame.h): any text is a frame or a refusal with a code and a
// message in valid UTF-8, never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/utf8.h"
#include "server/live_frame.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto frame = qi::server::parse_live_frame(text);
  if (!frame) {
    if (frame.error().code != "bad_frame" && frame.error().code != "unknown_op") __builtin_trap();
    if (!qi::is_valid_utf8(frame.error().message)) __builtin_trap();
    return 0;
  }
  // What is read is what the socket uses: a game's id, a whole-number reference.
  if (frame->op != qi::server::LiveFrame::Op::Ping && frame->game.empty()) __builtin_trap();
  if (frame->op == qi::server::LiveFrame::Op::Act && (frame->ref.empty() || !frame->body.is_object()))
    __builtin_trap();
  return 0;
}
