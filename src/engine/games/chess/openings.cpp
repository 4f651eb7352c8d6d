// Chess's book for reviews (engine/book.h): the main lines every opening
// book starts with, in SAN from the standard position. A move on them is
// not marked in a review unless it measurably loses.
#include "engine/book.h"

namespace qi::engine {
namespace {

const bool registered = [] {
  register_openings("chess", "",
                    {
                        // 1.e4 e5: the Ruy Lopez, the Italian, the Scotch, the Petroff
                        "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O",
                        "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4",
                        "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6",
                        "e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7",
                        "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6",
                        "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4",
                        "e4 e5 Nc3 Nf6",
                        // 1.e4 c5: the Sicilian
                        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5",
                        "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5",
                        "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6",
                        "e4 c5 Nc3 Nc6",
                        "e4 c5 c3 Nf6",
                        // 1.e4: the French, the Caro-Kann, the Scandinavian, the Pirc
                        "e4 e6 d4 d5 Nc3 Nf6",
                        "e4 e6 d4 d5 Nc3 Bb4",
                        "e4 e6 d4 d5 Nd2 c5",
                        "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5",
                        "e4 c6 d4 d5 e5 Bf5",
                        "e4 d5 exd5 Qxd5 Nc3 Qa5",
                        "e4 d6 d4 Nf6 Nc3 g6",
                        // 1.d4: the Queen's Gambit, the Slav, the Indian defences
                        "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3",
                        "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4",
                        "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6",
                        "d4 d5 Nf3 Nf6 c4 e6",
                        "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O",
                        "d4 Nf6 c4 e6 Nf3 b6 g3 Ba6",
                        "d4 Nf6 c4 e6 Nf3 d5 Nc3 Be7",
                        "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5",
                        "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3 Bg7",
                        "d4 Nf6 c4 c5 d5 e6",
                        "d4 Nf6 Nf3 g6",
                        "d4 f5 g3 Nf6",
                        // 1.c4: the English; 1.Nf3: the Réti
                        "c4 e5 Nc3 Nf6 Nf3 Nc6 g3",
                        "c4 Nf6 Nc3 e6",
                        "c4 c5 Nf3 Nf6",
                        "c4 e6 Nc3 d5",
                        "Nf3 d5 g3 Nf6 Bg2 e6",
                        "Nf3 Nf6 c4 g6",
                        "Nf3 d5 c4 e6",
                        "g3 d5 Bg2",
                    });
  return true;
}();

}  // namespace
}  // namespace qi::engine
