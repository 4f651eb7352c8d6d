// Feeds arbitrary bytes to the reader of people's names (app/player_name.h):
// any text is a name or a refusal in valid UTF-8, never a crash; a name kept
// is valid UTF-8 within the bound, without a control, format or
// default-ignorable character, and reads back as itself; its key is valid
// UTF-8.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/player_name.h"
#include "core/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto name = qi::app::normalise_name(text);
  if (!name) {
    if (name.error().code != "name_rules" || !qi::is_valid_utf8(name.error().message)) __builtin_trap();
    return 0;
  }
  if (name->empty() || !qi::is_clean_text(*name)) __builtin_trap();
  if (qi::app::count_characters(*name) > qi::app::kMaxNameCharacters) __builtin_trap();
  if (name->front() == ' ' || name->back() == ' ' || name->find("  ") != std::string::npos) __builtin_trap();
  // What is kept is kept as it is: normalising it again changes nothing.
  auto again = qi::app::normalise_name(*name);
  if (!again || *again != *name) __builtin_trap();
  if (!qi::is_valid_utf8(qi::app::name_key(*name))) __builtin_trap();
  return 0;
}
