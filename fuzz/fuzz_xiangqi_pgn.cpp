// PGN records of xiangqi on arbitrary bytes, through the one record model
// every game shares (core/record.h): RecordReader, read_movetext in the
// game's dialect, read_game, and a write_record round trip of every record
// that replays (record_round_trip.h). Inputs are first decoded as a record
// file is (core/text_encoding.h: GB18030, UTF-16, Windows-1252; UTF-8 as
// it is); the other games' targets take the bytes raw.
#include <cstddef>
#include <cstdint>

#include <string>

#include "core/text_encoding.h"
#include "record_round_trip.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const qi::DecodedText decoded = qi::decode_text(std::string(reinterpret_cast<const char*>(data), size));
  qi::fuzz::fuzz_records(reinterpret_cast<const std::uint8_t*>(decoded.text.data()), decoded.text.size(),
                         "xiangqi");
  return 0;
}
