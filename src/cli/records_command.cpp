// qi records FILE...: reads every game record in the files (PGN, PDN, of any
// game, told by --game or by the records' own tags) as an import would, and
// says how many were read whole, which were refused and why, and where a
// record plays on past an ending the rules would have declared by
// themselves (the rulings an arbiter makes in real play). What the docs'
// figures on real archives are measured with: --json prints each record's
// outcome as one line for bench/records/compare.mjs to set beside an
// independent reader's.
#include <CLI/CLI.hpp>
#include <iostream>
#include <map>

#include "app/json_text.h"
#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "core/bounded_input.h"
#include "core/record.h"
#include "core/text_encoding.h"
#include "core/utf8.h"
#include "engine/registry.h"

namespace qi::cli {
namespace {

// The most of a file read (--max-bytes): a file is read whole, so that its
// encoding is told from all of it (text_encoding.h); /dev/zero or a file
// larger than this is refused once this much is read.
constexpr std::size_t kDefaultMaxFileBytes = 256u << 20;

struct RecordsOptions {
  std::vector<std::string> files;
  std::size_t max_bytes = kDefaultMaxFileBytes;
  std::string game, variant;
  bool list_rulings = false;
  bool json = false;
  int show_errors = 10;
};

// What became of one record, for --json: the game and variant it was read
// as and where the variant came from ("tag", "option", "record": told by its
// squares and moves, "assumed": the record leaves a choice and one was
// assumed, or "default": nothing named it), how many moves of the main line
// were played and the position they end on, or why the record was refused.
// The key (the tags that tell games apart) lets a second reader pair its
// records with these where the two split a file differently.
struct RecordOutcome {
  std::string file;
  int number = 0;
  std::string key;
  std::string game, variant, variant_from;
  std::size_t plies = 0;
  std::string fen, result, error;
};

// The text as a JSON string; bytes that are not UTF-8 are quoted as \xNN
// first (printable), so every line is valid JSON whatever the archive holds.
std::string json_string(std::string_view text) {
  std::string out;
  app::append_json_string(out, printable(text));
  return out;
}

std::string key_of(const GameRecord& r) {
  std::string key;
  for (const char* tag : {"Event", "Round", "Date", "White", "Black", "Red"}) key += r.tag(tag) + '|';
  return key;
}

void print_json_line(const RecordOutcome& r) {
  std::cout << "{\"file\":" << json_string(r.file) << ",\"record\":" << r.number
            << ",\"key\":" << json_string(r.key) << ",\"game\":" << json_string(r.game)
            << ",\"variant\":" << json_string(r.variant)
            << ",\"variant_from\":" << json_string(r.variant_from) << ",\"plies\":" << r.plies;
  if (r.error.empty())
    std::cout << ",\"fen\":" << json_string(r.fen) << ",\"result\":" << json_string(r.result);
  else
    std::cout << ",\"error\":" << json_string(r.error);
  std::cout << "}\n";
}

struct Tally {
  int records = 0, whole = 0, refused = 0, with_rulings = 0;
  std::map<std::string, int> rulings;  // by termination
  std::map<std::string, int> results;  // by the record's result
  std::map<std::string, int> assumed;  // variants assumed where a record leaves a choice, by what was said
};

std::string label(const GameRecord& r, const std::string& file, int number) {
  std::string out = file + " record " + std::to_string(number);
  for (const char* tag : {"Event", "Date", "Red", "White", "Black"})
    if (std::string v = r.tag(tag); !v.empty() && v != "?")
      out += std::string(" ") + tag + "=\"" + printable_excerpt(v) + "\"";
  return out;
}

// The summary; on stderr with --json, so that stdout holds only JSON lines.
void print_tally(const Tally& t, std::ostream& out) {
  out << "records: " << t.records << ", read whole " << t.whole << ", refused " << t.refused << '\n';
  out << "records that play on past an ending by rule: " << t.with_rulings;
  for (const auto& [name, n] : t.rulings) out << ", " << name << " " << n;
  out << '\n' << "results:";
  for (const auto& [result, n] : t.results) out << ' ' << result << ' ' << n;
  out << '\n';
  for (const auto& [words, n] : t.assumed)
    out << "variant assumed in " << n << " record" << (n == 1 ? "" : "s") << " (--variant chooses): " << words
        << '\n';
}

int run(const RecordsOptions& o) {
  Tally t;
  for (const std::string& file : o.files) {
    Expected<std::string> bytes = read_file_bounded(file, o.max_bytes);
    if (!bytes)
      return report_error(bytes.error().message +
                          (bytes.error().code == "file_too_large" ? " (--max-bytes raises it)" : ""));
    // Chinese xiangqi software writes GB18030, Windows tools UTF-16, old
    // chess databases Windows-1252: read as UTF-8 from here on.
    const DecodedText decoded = decode_text(std::move(*bytes));
    if (decoded.encoding != "UTF-8")
      std::cerr << printable(file) << ": not UTF-8; read as "
                << (decoded.encoding.empty() ? "it is" : decoded.encoding) << '\n';
    const std::string& content = decoded.text;
    RecordReader reader(content);
    while (true) {
      Expected<std::optional<GameRecord>> tags = reader.next_tags();
      if (tags && !*tags) break;
      ++t.records;
      RecordOutcome outcome{.file = file, .number = reader.records_started()};
      auto refuse = [&](const std::string& why) {
        ++t.refused;
        if (o.json) {
          outcome.error = why;
          print_json_line(outcome);
        } else if (t.refused <= o.show_errors) {
          std::cout << "refused: " << printable(file + ": " + why) << '\n';
        }
      };
      if (!tags) {
        refuse(tags.error().message);
        continue;
      }
      GameRecord record = std::move(**tags);
      outcome.key = key_of(record);
      const engine::GameRegistration* g =
          o.game.empty() ? game_of_tags(record.tags) : engine::find_game(o.game);
      if (!g) {
        refuse("record " + std::to_string(reader.records_started()) + ": no tag names its game; say --game");
        (void)reader.read_movetext(record, RecordDialect{});
        continue;
      }
      std::string variant = o.variant;
      outcome.variant_from = variant.empty() ? "default" : "option";
      if (variant.empty())
        if (std::optional<std::string> named = variant_of_tags(g->descriptor(), record.tags)) {
          variant = *named;
          outcome.variant_from = "tag";
        }
      Expected<std::unique_ptr<Game>> game = make_game(g->descriptor().name, variant);
      if (!game) return report_error(game.error().message);
      outcome.game = std::string((*game)->name());
      outcome.variant = std::string((*game)->variant());
      const std::string where = label(record, file, reader.records_started());
      if (Status s = reader.read_movetext(record, (*game)->record_dialect()); !s) {
        refuse(where + ": " + s.error().message);
        continue;
      }
      // Without --variant the record as a whole chooses (a draughts record
      // without GameType: its squares and moves), saying what it assumed.
      std::string assumed;
      if (o.variant.empty()) {
        Expected<RecordVariant> of = variant_of_record(*g, record);
        if (!of) {
          refuse(where + ": " + of.error().message);
          continue;
        }
        assumed = of->assumption;
        if (of->variant != (*game)->variant()) {
          game = make_game(g->descriptor().name, of->variant);
          if (!game) return report_error(game.error().message);
          outcome.variant = std::string((*game)->variant());
          outcome.variant_from = "record";
        }
        if (!assumed.empty()) outcome.variant_from = "assumed";
      }
      Expected<ReadGame> read = read_game(std::move(record), std::move(*game));
      if (!read) {
        refuse(where + ": " + read.error().message + (assumed.empty() ? "" : " (" + assumed + ")"));
        continue;
      }
      if (!assumed.empty()) ++t.assumed[assumed];
      ++t.whole;
      ++t.results[read->record.result];
      if (o.json) {
        outcome.plies = read->referee->plies();
        outcome.fen = read->referee->game().fen();
        outcome.result = read->record.result;
        print_json_line(outcome);
      }
      const std::vector<Ruling>& rulings = read->record.rulings;
      if (!rulings.empty()) ++t.with_rulings;
      for (const Ruling& r : rulings) {
        ++t.rulings[std::string(name_of(r.outcome.termination))];
        if (o.list_rulings) {
          const Game& played = read->referee->game();
          const std::vector<MoveText> moves = played.moves_played();
          std::cout << "ruling: " << printable(where) << ": before ply " << r.ply + 1 << " of "
                    << moves.size() << ": " << played.describe(r.outcome) << "; result "
                    << read->record.result << "\n  the moves before:";
          for (int i = std::max(0, r.ply - 12); i < r.ply; ++i) std::cout << ' ' << moves[i].display;
          std::cout << "\n  and after:";
          for (int i = r.ply; i < std::min<int>(r.ply + 8, static_cast<int>(moves.size())); ++i)
            std::cout << ' ' << moves[i].display;
          std::cout << '\n';
        }
      }
    }
  }
  print_tally(t, o.json ? std::cerr : std::cout);
  return t.refused ? 1 : 0;
}

}  // namespace

void add_records_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<RecordsOptions>();
  CLI::App* command =
      app.add_subcommand("records", "Read game records (PGN, PDN) and report what an import makes of them");
  command->add_option("files", o->files, "Record files")->required()->check(CLI::ExistingFile);
  command
      ->add_option("--max-bytes", o->max_bytes,
                   "The most of a file read (256 MiB): a larger file, or one that never ends, is refused")
      ->transform(whole_number(1, std::size_t{1} << 32));
  command->add_option("--game", o->game, "The game, when the records' tags do not name it");
  command->add_option("--variant", o->variant, "The variant, when the records' tags do not name it");
  command->add_flag("--rulings", o->list_rulings, "List every ending by rule a record plays on past");
  command->add_flag("--json", o->json,
                    "Print each record's outcome as one JSON line (game, variant and where it came from, "
                    "plies, final FEN, or the error); the summary goes to stderr");
  command->add_option("--errors", o->show_errors, "How many refused records to show (10)")
      ->transform(whole_number(0, 1000000));
  command->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace qi::cli
