// Which game a pasted text is (engine/record_identity.h), on arbitrary bytes:
// every registered game reads it as a position and as a record, and the
// answer is a game that read it, a tie, or a refusal that says why; never a
// crash, and never a game that read nothing of it.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/record_identity.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  qi::Expected<qi::RecordIdentity> id = qi::identify_record(text);
  if (!id) {
    if (id.error().message.empty() || id.error().code != "record_unreadable") __builtin_trap();
    return 0;
  }
  if (id->why.en.empty() || id->why.zh.empty()) __builtin_trap();
  if (!id->game.empty()) {
    bool read = false;
    for (const qi::RecordReading& r : id->readings) read |= r.game == id->game;
    if (!read && id->basis != qi::RecordIdentity::Basis::Tagged &&
        id->basis != qi::RecordIdentity::Basis::Position)
      __builtin_trap();
  }
  return 0;
}
