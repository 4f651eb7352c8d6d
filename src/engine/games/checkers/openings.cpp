// Checkers' book for reviews (engine/book.h): the standard named openings
// of English checkers (the first moves of "go as you please" play and the
// named lines that begin with them: the Old Fourteenth, the Single Corner,
// the Cross, the Dyke, the Bristol, the Double Corner, the Denny, the
// Kelso, the Edinburgh, the Switcher, the Dundee, ...), in
// PDN squares, Black moving first, and for Russian draughts its common
// first moves. A move on them is not marked in a review unless it
// measurably loses.
#include "engine/book.h"

namespace qi::engine {
namespace {

const bool registered = [] {
  register_openings("checkers", "english",
                    {
                        "11-15 23-19 8-11 22-17 4-8 17-13 15-18",  // Old Fourteenth
                        "11-15 23-19 8-11 22-17 9-13",             // Laird and Lady
                        "11-15 23-19 9-14 22-17 6-9",              // Souter
                        "11-15 23-19 9-14 22-17 7-11",             // Whilter
                        "11-15 23-19 9-13",
                        "11-15 22-18 15x22 25x18",        // Single Corner
                        "11-15 23-18 8-11",               // Cross
                        "11-15 22-17 15-19 24x15 10x19",  // Dyke
                        "11-15 22-17 8-11",
                        "11-15 24-20 8-11",  // Ayrshire Lassie
                        "11-15 21-17 9-13",  // Switcher
                        "11-15 24-19 15x24 28x19",
                        "11-16 24-20 16-19",  // Bristol
                        "11-16 22-18 10-14",
                        "9-14 22-18 5-9",  // Double Corner
                        "9-14 23-19 11-16",
                        "10-14 24-20",       // Denny
                        "10-15 21-17 9-13",  // Kelso
                        "10-15 23-19",
                        "9-13 22-18 10-15",  // Edinburgh
                        "9-13 23-19",
                        "12-16 24-20 8-12",  // Dundee
                        "12-16 22-18",
                    });
  register_openings("checkers", "russian",
                    {
                        "c3-d4 f6-g5 g3-f4 g7-f6",
                        "c3-d4 d6-c5 b2-c3 c7-d6",
                        "c3-b4 f6-g5 g3-h4",
                        "e3-d4 d6-c5",
                        "g3-f4 f6-g5",
                        "c3-d4 b6-a5",
                    });
  return true;
}();

}  // namespace
}  // namespace qi::engine
