// A game's public view (session_json's public_view) written as JSON text and
// kept from one version to the next. A view carries every ply played (its
// move with notations, the FEN and the board after it), which is most of its
// text and the same in every later view: each ply is written once, the first
// time a view shows it, and a view then costs the members that change.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/session.h"

namespace qi::app {

class ViewText {
 public:
  // public_view(s, now) as JSON text (the same members and values; the order
  // of an object's members is not kept).
  std::string write(const Session& s, std::int64_t now);

 private:
  // Keeps the plies written that `s` still has (the same start, the same
  // moves), drops the rest (taken back, or another game line), writes the
  // new ones.
  void follow(const Session& s);
  void reset(const Session& s);

  // Where each kept ply ends in the joined texts (and what it was).
  struct Ply {
    std::string move_id;
    std::string fen;
    std::size_t moves_end = 0, fens_end = 0, boards_end = 0;
  };
  std::string start_fen_;
  std::size_t start_fens_end_ = 0, start_boards_end_ = 0;
  std::vector<Ply> plies_;
  // The arrays' elements so far, comma-separated, without brackets.
  std::string moves_, fens_, boards_;
};

}  // namespace qi::app
