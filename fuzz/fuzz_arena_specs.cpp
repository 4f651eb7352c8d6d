// Fuzzes the arena's parsers: player specs, time controls, SPRT parameters
// and openings files (for every registered game). Checks that nothing
// crashes, that a parsed time control prints to text that parses back to the
// same control, and that every opening accepted can be set up again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "arena/openings.h"
#include "arena/player_spec.h"
#include "arena/sprt.h"
#include "core/time_control.h"
#include "engine/registry.h"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qi::arena;
  if (size > 4096) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  if (qi::Expected<PlayerSpec> spec = parse_player_spec(input)) {
    check(!spec->display_name().empty());
    check(spec->protocol == PlayerSpec::Protocol::Builtin || !spec->argv.empty());
  }

  if (qi::Expected<qi::TimeControl> tc = qi::parse_time_control(input)) {
    qi::Expected<qi::TimeControl> again = qi::parse_time_control(tc->text());
    check(again.has_value());
    check(again->kind == tc->kind && again->base_ms == tc->base_ms &&
          again->increment_ms == tc->increment_ms && again->moves_per_period == tc->moves_per_period &&
          again->depth == tc->depth && again->nodes == tc->nodes && again->max_overruns == tc->max_overruns);
    check(*again == *tc);
    qi::GameClock clock(*tc, 100);
    clock.start(qi::Side::First, 0);
    clock.press(5);
    (void)clock.flagged(1'000'000);
    (void)clock.time_to_flag(qi::Side::Second, 10);
  }

  (void)parse_sprt(input);

  for (const qi::engine::GameRegistration* registration : qi::engine::registered_games()) {
    qi::Expected<std::unique_ptr<qi::Game>> game = qi::make_game(registration->descriptor().name);
    if (!game) continue;
    qi::Expected<std::vector<Opening>> openings = parse_openings(input, **game);
    if (!openings) continue;
    for (const Opening& o : *openings) check(apply_opening(o, **game).has_value());
  }
  return 0;
}
