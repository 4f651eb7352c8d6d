// How a game ended (or that it has not), with the rule that ended it.
#pragma once

#include <string>

#include "core/side.h"

namespace qi {

// The result by the rules alone, seen from the side to move. This is what the
// compile-time interface reports; search and perft use it in hot paths.
enum class Result : std::uint8_t { None, Loss, Draw, Win };

enum class Verdict : std::uint8_t { Ongoing, Win, Draw };

struct Outcome {
  Verdict verdict = Verdict::Ongoing;
  Side winner = Side::First;  // meaningful only when verdict == Win
  // Stable machine name of the rule that ended the game: "checkmate",
  // "stalemate", "threefold_repetition", "resignation", "agreement", ...
  std::string termination;
  // One sentence for people: "Black wins: checkmate".
  std::string reason;

  bool over() const { return verdict != Verdict::Ongoing; }

  static Outcome ongoing() { return {}; }
  static Outcome win(Side winner, std::string termination, std::string reason) {
    return {Verdict::Win, winner, std::move(termination), std::move(reason)};
  }
  static Outcome draw(std::string termination, std::string reason) {
    return {Verdict::Draw, Side::First, std::move(termination), std::move(reason)};
  }
};

// PGN-style score with the first mover's points first: "1-0", "0-1",
// "1/2-1/2", "*".
inline std::string score_text(const Outcome& o) {
  switch (o.verdict) {
    case Verdict::Ongoing:
      return "*";
    case Verdict::Draw:
      return "1/2-1/2";
    case Verdict::Win:
      return o.winner == Side::First ? "1-0" : "0-1";
  }
  return "*";
}

}  // namespace qi
