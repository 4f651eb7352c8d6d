// qi: one program for tic-tac-toe, checkers, chess and xiangqi. The whole
// command line lives in qi_cli (run.cpp), so that a second program with an
// extra game registered (tests/support/pawnrace) is this file again.
#include "cli/commands.h"

int main(int argc, char** argv) { return qi::cli::run(argc, argv); }
