// Game records, one model for every game: tags in their order, the moves
// with their comments, NAGs and variations (a tree, as python-chess reads
// PGN), the result, and the rulings the rules would have made by themselves
// where the record plays on.
//
// Reading has two steps. parse (RecordReader) is syntax only: tags, then the
// movetext in the game's dialect (its result tokens); it knows no rules.
// replay (read_game) plays the main line through a Referee in record mode
// with the game's own move reader (Game::parse_move: every notation the game
// knows), resolves each variation from its branch point, and keeps the
// record's result. Writing (write_record) emits every tag, the moves in the
// game's record notation with move numbers, the comments, NAGs and
// variations, and the result.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/record_dialect.h"
#include "core/record_tokenizer.h"
#include "core/referee.h"

namespace qi {

struct RecordMove {
  std::string text;       // as written, annotation glyphs taken off ("Nf3", "炮二平五", "22x15")
  std::string id;         // the move's id once replayed; empty in a variation that could not be
  std::vector<int> nags;  // $1 ... (and "!", "?", "!?" read as $1, $2, $5, ...)
  std::vector<std::string> comments;                // after the move
  std::vector<std::vector<RecordMove>> variations;  // alternatives to this move, from the position before it
  int line = 0, column = 0;                         // where it was written
};

struct GameRecord {
  Tags tags;                               // in their order, as read (SetUp and FEN included)
  std::vector<std::string> opening_notes;  // comments before the first move
  std::vector<RecordMove> moves;           // the main line
  std::string result = "*";                // as the dialect writes it ("1-0", "1/2-1/2", "*")
  std::vector<Ruling> rulings;             // where the record plays on past an ending by rule
  int line = 1;                            // of the record's first token
  // The main line was played by a referee (record_of): every move is legal
  // and the sides alternate, so the writer numbers the moves without
  // playing them again.
  bool played = false;

  std::string tag(std::string_view name) const;  // "" when absent
  bool has_tag(std::string_view name) const;
  void set_tag(std::string_view name, std::string value);  // keeps its place, or adds it at the end
  void remove_tag(std::string_view name);
};

// Reads records one by one from a text holding any number of them. After an
// error in a record the reader skips to the next one, so a caller may report
// the error and go on.
class RecordReader {
 public:
  explicit RecordReader(std::string_view text) : tokens_(text) {}

  // The tags of the next record (its movetext follows); nullopt at the end.
  Expected<std::optional<GameRecord>> next_tags();
  // The movetext of the record whose tags were just read, in `dialect`.
  Status read_movetext(GameRecord& record, const RecordDialect& dialect);
  int records_started() const { return number_; }

 private:
  Expected<RecordToken> take();
  // Tokens taken and given back are taken again last first.
  void put_back(RecordToken token) { pending_.push_back(std::move(token)); }
  Error error_at(const RecordToken& where, const std::string& what) const;
  void skip_rest_of_record();
  Status join_split_move(std::string& text);
  Expected<std::optional<int>> bracketed_glyph();

  RecordTokenizer tokens_;
  std::vector<RecordToken> pending_;
  int number_ = 0;
};

// Every legal move a record's word stands for here, a move number glued to
// it or not ("12.32-28"): one, or several where the text is ambiguous (a
// draughts capture written by its ends), or none.
std::vector<MoveText> record_word_moves(const Game& game, std::string_view word);
// A record's word without a move number glued before it ("12.32-28" ->
// "32-28"); the word itself where none is.
std::string_view without_move_number(std::string_view word);
// A word made only of digits, as records write a move number without its
// period.
bool is_bare_move_number(std::string_view word);

// The start position a record's tags give (FEN, with or without SetUp), or
// the game's standard start.
std::string record_start_fen(const GameRecord& record, const Game& game);

// The result a token stands for in a dialect: the verdict and, for a win,
// the winner; nullopt for "*" or what is no result.
struct ResultMeaning {
  Verdict verdict = Verdict::Ongoing;
  Side winner = Side::First;
};
std::optional<ResultMeaning> result_meaning(std::string_view token, const RecordDialect& dialect);
std::string result_token(const Outcome& outcome, const RecordDialect& dialect);

// A record played: the referee (in record mode, concluded with the record's
// result) and the record with every move's id and the rulings filled in.
struct ReadGame {
  std::unique_ptr<Referee> referee;
  GameRecord record;
};
// Replays `record` on `game` (a fresh game of the record's kind and variant).
// The error names the move that failed: "move 14 (Black): Nxe5: no knight
// can reach e5 (line 40, column 12)". The work is linear in the record: each
// move costs what the game's rules cost at one ply (a variation and a word
// that stands for several moves are tried on one copy of the game and taken
// back). `max_plies` > 0: a main line longer than that is refused (code
// "game_too_long") at the move past it, so that reading stops there.
Expected<ReadGame> read_game(GameRecord record, std::unique_ptr<Game> game, std::size_t max_plies = 0);

// The record of a game as it stands: its moves in the game's record
// notation, `tags` over the dialect's roster, the result and how the game
// ended (the Termination tag and a closing comment, naming the sides by
// `names` when given); `move_comments[i]`, where given and not empty,
// follows the i-th move.
// `played`: the game's moves_played, when the caller keeps them (else
// they are written again from the start).
GameRecord record_of(const Referee& referee, const Tags& tags = {},
                     const std::vector<std::string>& move_comments = {},
                     const std::optional<std::array<std::string, 2>>& names = std::nullopt,
                     const std::vector<MoveText>* played = nullptr);

// The record as text: the roster first (unknown values as "?"), SetUp and
// FEN for a set-up start, the game's fixed tags, every other tag in its
// order; then the movetext in lines of at most 79 characters.
std::string write_record(const GameRecord& record, const Game& game);

}  // namespace qi
