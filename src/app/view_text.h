// A game's public view (session_json's public_view) written as JSON text and
// kept from one version to the next. A view carries every ply played (its
// move with notations, the FEN and the board after it), which is most of its
// text and the same in every later view: each ply is written once, the first
// time a view shows it, and a view then costs the members that change.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/session.h"

namespace qi::app {

// Where a written view stands: views of one line (a process-wide number,
// new whenever plies are taken back or another game is written) share their
// first plies, so a client that holds `plies` plies of a line needs only
// the plies after them.
struct ViewPlace {
  std::uint64_t line = 0;
  std::size_t plies = 0;
};

// A game's view as written JSON text, shared by everyone it is sent to.
struct WrittenView {
  std::shared_ptr<const std::string> text;
  std::uint64_t version = 0;  // of the game it shows (0: an answer that is no view)
  ViewPlace place;
  // For a client holding {place.line, tail_from}: ViewText::Written::tail,
  // or null.
  std::shared_ptr<const std::string> tail;
  std::size_t tail_from = 0;
};

class ViewText {
 public:
  struct Written {
    std::string text;  // public_view(s, now) (the same members and values; not their order)
    ViewPlace place;
    // The same view for a client holding the previous view written, at
    // {place.line, tail_from}: "from_ply": tail_from, and "moves" from that
    // ply, "fens" and "boards" from the position after it. Empty when the
    // line changed since.
    std::string tail;
    std::size_t tail_from = 0;
  };
  Written write(const Session& s, std::int64_t now);

 private:
  // Keeps the plies written that `s` still has (the same start, the same
  // moves), drops the rest (taken back, or another game line), writes the
  // new ones.
  void follow(const Session& s);
  void reset(const Session& s);

  // Where each kept ply ends in the joined texts (and its move: the same
  // moves from the same start reach the same positions).
  struct Ply {
    std::string move_id;
    std::size_t moves_end = 0, fens_end = 0, boards_end = 0;
  };
  std::uint64_t line_ = 0;
  std::optional<std::size_t> last_plies_;  // of the last view written on this line
  std::string start_fen_;
  std::size_t start_fens_end_ = 0, start_boards_end_ = 0;
  std::vector<Ply> plies_;
  // The arrays' elements so far, comma-separated, without brackets.
  std::string moves_, fens_, boards_;
};

}  // namespace qi::app
