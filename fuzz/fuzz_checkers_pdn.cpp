// PDN records of checkers on arbitrary bytes, through the one record model
// every game shares (core/record.h): RecordReader, read_movetext in the
// game's dialect, read_game, and a write_record round trip of every record
// that replays (record_round_trip.h). Then the variant a record is of when
// its reader names none (the registry's variant_of_record, which replays
// the record under each variant that fits its squares): never crashes, names
// a variant the game has or says why not in valid UTF-8, and the record
// reads (or is refused) in that variant.
#include <cstddef>
#include <cstdint>

#include "record_round_trip.h"

namespace {

void fuzz_variant_of_record(std::string_view text) {
  const qi::engine::GameRegistration* checkers = qi::engine::find_game("checkers");
  qi::fuzz::check(checkers != nullptr);
  qi::RecordReader reader(text);
  for (std::size_t calls = 0;; ++calls) {
    qi::fuzz::check(calls <= text.size() + 1);
    qi::Expected<std::optional<qi::GameRecord>> tags = reader.next_tags();
    if (!tags) continue;
    if (!*tags) break;
    qi::GameRecord record = std::move(**tags);
    auto game = qi::make_game("checkers");
    qi::fuzz::check(game.has_value());
    if (!reader.read_movetext(record, (*game)->record_dialect())) continue;
    qi::Expected<qi::RecordVariant> of = qi::variant_of_record(*checkers, record);
    if (!of) {
      qi::fuzz::check(!of.error().message.empty() && qi::is_valid_utf8(of.error().message));
      continue;
    }
    qi::fuzz::check(qi::is_valid_utf8(of->assumption));
    auto chosen = qi::make_game("checkers", of->variant);
    qi::fuzz::check(chosen.has_value());
    qi::Expected<qi::ReadGame> read = qi::read_game(std::move(record), std::move(*chosen));
    if (!read) qi::fuzz::check(qi::is_valid_utf8(read.error().message));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  qi::fuzz::fuzz_records(data, size, "checkers");
  fuzz_variant_of_record(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
