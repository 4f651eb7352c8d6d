// Search progress as protocol text: the UCI "info" line (also what `qi go`
// prints) and UCCI's, which gives the score as a bare number; and the root
// move being searched (currmove), as Stockfish and ElephantEye write it.
#pragma once

#include <string>

#include "engine/search_info.h"

namespace qi::protocol {

std::string uci_info_text(const engine::SearchInfo& info, bool show_wdl);
std::string ucci_info_text(const engine::SearchInfo& info);
std::string uci_current_move_text(const engine::CurrentMove& current);
std::string ucci_current_move_text(const engine::CurrentMove& current);

}  // namespace qi::protocol
