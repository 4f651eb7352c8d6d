// PDN records of checkers on arbitrary bytes, through the one record model
// every game shares (core/record.h): RecordReader, read_movetext in the
// game's dialect, read_game, and a write_record round trip of every record
// that replays (record_round_trip.h).
#include <cstddef>
#include <cstdint>

#include "record_round_trip.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  qi::fuzz::fuzz_records(data, size, "checkers");
  return 0;
}
