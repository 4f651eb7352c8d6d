// The two text protocols Qi speaks: UCI (chess GUIs; xiangqi through the
// UCI_Variant option, as Fairy-Stockfish speaks it) and UCCI (xiangqi GUIs).
#pragma once

namespace qi::protocol {

enum class Dialect { Uci, Ucci };

}  // namespace qi::protocol
