// qi pair --system dutch FILE.trf: the next round of a Swiss tournament in a
// FIDE TRF, printed as the pairing programs print it (JaVaFo's and
// bbpPairings' -p): the number of pairs, then "WHITE BLACK" by starting rank,
// a bye as "ID 0". A malformed file or a round that cannot be paired is an
// error naming the line, exit status 2.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "competition/swiss/dutch.h"
#include "competition/swiss/trf.h"
#include "core/bounded_input.h"

namespace qi::cli {
namespace {

struct PairOptions {
  std::string system = "dutch";
  std::string file;
};

}  // namespace

void add_pair_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PairOptions>();
  CLI::App* pair = app.add_subcommand(
      "pair",
      "Pair the next round of a Swiss tournament given as a FIDE TRF (prints the pairs as JaVaFo's -p)");
  pair->add_option("--system", options->system, "The pairing system: dutch (FIDE C.04.3)")
      ->check(CLI::IsMember({"dutch"}));
  pair->add_option("file", options->file,
                   "The tournament so far, in FIDE's TRF (TRF-2016; XXR, XXC, BBW/BBD lines)")
      ->required();
  pair->callback([options, &exit_code] {
    Expected<std::string> text = read_file_bounded(options->file, competition::swiss::kMaxTrfBytes);
    if (!text) {
      exit_code = report_error("pair: " + text.error().message);
      return;
    }
    Expected<competition::swiss::TrfTournament> tournament = competition::swiss::read_trf(*text);
    if (!tournament) {
      exit_code = report_error("pair: " + tournament.error().message);
      return;
    }
    Expected<std::vector<competition::swiss::SwissPairing>> pairs =
        competition::swiss::pair_dutch(*tournament);
    if (!pairs) {
      exit_code = report_error("pair: " + pairs.error().message);
      return;
    }
    std::cout << pairs->size() << '\n';
    for (const competition::swiss::SwissPairing& p : *pairs) std::cout << p.white << ' ' << p.black << '\n';
    exit_code = 0;
  });
}

}  // namespace qi::cli
