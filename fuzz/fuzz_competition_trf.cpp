// Fuzzes the TRF reader and the Dutch pairing on what it accepts. Checks that
// nothing crashes, that a file read is written to text that reads back to the
// same file, and that a pairing names each player present at most once.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "competition/swiss/dutch.h"
#include "competition/swiss/trf.h"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qi::competition::swiss;
  if (size > 16384) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  qi::Expected<TrfTournament> tournament = read_trf(input);
  if (!tournament) {
    check(tournament.error().message.rfind("TRF", 0) == 0);
    return 0;
  }
  const std::string written = write_trf(*tournament);
  qi::Expected<TrfTournament> again = read_trf(written);
  check(again.has_value());
  check(write_trf(*again) == written);

  // The pairing is cubic in the players: a fuzzer's input stays small.
  if (tournament->players.size() > 40) return 0;
  qi::Expected<std::vector<SwissPairing>> pairs = pair_dutch(*tournament);
  if (!pairs) return 0;
  std::set<int> seen;
  for (const SwissPairing& p : *pairs) {
    check(tournament->find(p.white) != nullptr);
    check(seen.insert(p.white).second);
    if (p.black != 0) {
      check(tournament->find(p.black) != nullptr);
      check(seen.insert(p.black).second);
    }
  }
  return 0;
}
