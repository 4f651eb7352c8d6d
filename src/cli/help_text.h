// The command line's words about the games, made from the registrations
// (core/registry.h), so that the help lists whatever games this build has
// and no command names one.
#pragma once

#include <string>

namespace qi::cli {

// "tictactoe, checkers, chess, xiangqi": the names the commands take.
std::string game_names();
// "tic-tac-toe, checkers, chess and xiangqi": the games' titles.
std::string game_titles();
// The named variants of each game that has them ("checkers: english, russian,
// ..."), and those with numbered starts and their range ("chess960 0-959").
std::string variant_names();
std::string numbered_starts();
// The games UCCI engines play (GameProtocols::ucci), and the UCI_Variant
// values `qi uci` offers.
std::string ucci_games();
std::string uci_variant_names();
// The games `qi solve` solves (GameRegistration::solve).
std::string solvable_games();

}  // namespace qi::cli
