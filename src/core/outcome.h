// How a game ended (or that it has not): the verdict, the winner and the
// rule, by its code (termination.h), with the numbers its words need. The
// sentence for people is made from these by describe() and words(), in the
// side names of the game; nothing stores or parses a sentence.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>

#include "core/side.h"
#include "core/termination.h"
#include "core/words.h"

namespace qi {

// The result by the rules alone, seen from the side to move. This is what the
// compile-time interface reports; search and perft use it in hot paths.
enum class Result : std::uint8_t { None, Loss, Draw, Win };

// Aborted: over, with no result (a game abandoned before its first moves):
// nobody wins, nothing is rated, the score stays "*".
enum class Verdict : std::uint8_t { Ongoing, Win, Draw, Aborted };

struct Outcome {
  Verdict verdict = Verdict::Ongoing;
  Side winner = Side::First;  // wins only
  Termination termination = Termination::None;
  Side side = Side::First;  // draws: the side the ending is about (the stalemated side, the flagged side)
  int n = 0, m = 0;         // the counts a rule's words name (moves of a move limit, overruns, ...)
  std::string detail;       // free text the words quote (the arena's account of a failure)

  bool over() const { return verdict != Verdict::Ongoing; }
  Side loser() const { return ~winner; }

  static Outcome ongoing() { return {}; }
  static Outcome win(Side winner, Termination t, int n = 0, std::string detail = {}) {
    Outcome o;
    o.verdict = Verdict::Win;
    o.winner = winner;
    o.side = ~winner;
    o.termination = t;
    o.n = n;
    o.detail = std::move(detail);
    return o;
  }
  static Outcome aborted(Termination t, Side side) {
    Outcome o;
    o.verdict = Verdict::Aborted;
    o.termination = t;
    o.side = side;
    return o;
  }
  static Outcome draw(Termination t, Side side = Side::First, int n = 0, int m = 0) {
    Outcome o;
    o.verdict = Verdict::Draw;
    o.termination = t;
    o.side = side;
    o.n = n;
    o.m = m;
    return o;
  }
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

// The ending's sentence, with the sides' names first mover first: "Black
// wins: checkmate", "和棋 · 自然限着：双方各 60 步未吃子".
std::string describe(const Outcome& o, const std::array<std::string, 2>& side_names);
Words words(const Outcome& o, const std::array<Words, 2>& side_names);

// PGN-style score with the first mover's points first: "1-0", "0-1",
// "1/2-1/2", "*".
inline std::string score_text(const Outcome& o) {
  switch (o.verdict) {
    case Verdict::Ongoing:
    case Verdict::Aborted:
      return "*";
    case Verdict::Draw:
      return "1/2-1/2";
    case Verdict::Win:
      return o.winner == Side::First ? "1-0" : "0-1";
  }
  return "*";
}

}  // namespace qi
