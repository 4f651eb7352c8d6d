#include "core/termination.h"

#include "core/outcome.h"

namespace qi {

std::optional<Termination> termination_named(std::string_view name) {
  for (const TerminationInfo& t : kTerminations)
    if (t.name == name) return t.code;
  // Names stored by earlier versions of Qi.
  static constexpr std::pair<std::string_view, Termination> kFormer[] = {
      {"time_no_mating_material", Termination::TimeCannotWin},
      {"insufficient_material", Termination::NoAttackingMaterial},
      {"repetition", Termination::RepetitionDraw},
      {"time_forfeit", Termination::Time},
  };
  for (const auto& [former, code] : kFormer)
    if (former == name) return code;
  return std::nullopt;
}

namespace {

template <class Name>
std::string compose(std::string_view text, const Outcome& o, const Name& winner, const Name& loser,
                    const Name& side, const Name& other) {
  std::string out(text);
  out = fill(std::move(out), "winner", winner);
  out = fill(std::move(out), "loser", loser);
  out = fill(std::move(out), "side", side);
  out = fill(std::move(out), "other", other);
  out = fill(std::move(out), "n", std::to_string(o.n));
  out = fill(std::move(out), "m", std::to_string(o.m));
  return fill(std::move(out), "detail", o.detail);
}

}  // namespace

std::string describe(const Outcome& o, const std::array<std::string, 2>& names) {
  if (!o.over()) return {};
  const TerminationInfo& t = info(o.termination);
  return compose(t.en, o, names[index(o.winner)], names[index(~o.winner)], names[index(o.side)],
                 names[index(~o.side)]);
}

Words words(const Outcome& o, const std::array<Words, 2>& names) {
  if (!o.over()) return {};
  const TerminationInfo& t = info(o.termination);
  const Words& w = names[index(o.winner)];
  const Words& l = names[index(~o.winner)];
  const Words& s = names[index(o.side)];
  const Words& x = names[index(~o.side)];
  return {compose(t.en, o, w.en, l.en, s.en, x.en), compose(t.zh, o, w.zh, l.zh, s.zh, x.zh)};
}

}  // namespace qi
