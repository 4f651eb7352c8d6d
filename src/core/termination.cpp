#include "core/termination.h"

#include "core/outcome.h"

namespace qi {

std::optional<Termination> termination_named(std::string_view name,
                                             std::span<const Termination> game_endings) {
  if (name.empty()) return std::nullopt;
  for (std::span<const Termination> endings : {std::span<const Termination>(kRefereeEndings), game_endings})
    for (const Termination& t : endings)
      if (t.name == name || t.former_name == name) return t;
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
  const Termination& t = o.termination;
  return compose(t.en, o, names[index(o.winner)], names[index(~o.winner)], names[index(o.side)],
                 names[index(~o.side)]);
}

Words words(const Outcome& o, const std::array<Words, 2>& names) {
  if (!o.over()) return {};
  const Termination& t = o.termination;
  const Words& w = names[index(o.winner)];
  const Words& l = names[index(~o.winner)];
  const Words& s = names[index(o.side)];
  const Words& x = names[index(~o.side)];
  return {compose(t.en, o, w.en, l.en, s.en, x.en), compose(t.zh, o, w.zh, l.zh, s.zh, x.zh)};
}

}  // namespace qi
