// Endgame databases for English checkers, built by Qi itself by retrograde
// analysis (docs/checkers-endgame.md): for every position of up to N pieces,
// with either side to move, its game-theoretic value (win, loss or draw for
// the side to move, captures compulsory, a side without a legal move loses,
// a repetition a draw; the 40-move count is not modelled), and for the tables
// built with distances the number of plies to the end of the game with
// perfect play (the winner hastening, the loser delaying).
//
// Positions are kept from the side to move's view: when White is to move the
// board is turned half round (square s becomes 33 - s) and the colours
// swapped, so every table holds "the side to move goes toward square 32".
// One table a material signature: the side to move's men and kings, the
// other side's men and kings. Its index is perfect (every number a legal
// placement, no gaps): the men first (the mover's on squares 1-28, the other
// side's on 5-32 where the mover's are not), then the kings on the squares
// left, each set numbered in colexicographic order.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "games/checkers/position.h"
#include "games/checkers/variants.h"

namespace qi::checkers::endgame {

using EnglishPosition = Position<English>;
// A set of squares: bit i is square i + 1.
using Squares = std::uint32_t;

// The most pieces a table may hold (the index's tables are sized for it).
inline constexpr int kMaxTablePieces = 6;

struct Material {
  int stm_men = 0, stm_kings = 0, opp_men = 0, opp_kings = 0;

  int pieces() const { return stm_men + stm_kings + opp_men + opp_kings; }
  int men() const { return stm_men + opp_men; }
  Material mirror() const { return {opp_men, opp_kings, stm_men, stm_kings}; }
  // A number for arrays: each count below 8.
  int code() const { return stm_men | stm_kings << 3 | opp_men << 6 | opp_kings << 9; }
  // "1m2k-0m1k": the side to move's men and kings, then the other side's.
  std::string name() const;
  friend bool operator==(const Material&, const Material&) = default;
};

// Every material signature of exactly `pieces` pieces, each side at least
// one piece unless `with_empty_sides`, in building order (fewer men first).
std::vector<Material> materials(int pieces, bool with_empty_sides = false);

// A position as the tables see it: the side to move goes toward square 32.
struct Placement {
  Squares stm_men = 0, stm_kings = 0, opp_men = 0, opp_kings = 0;
  Material material() const;
};

Placement placement_of(const EnglishPosition& p);
// Black (the first mover, who goes toward 32) to move.
EnglishPosition position_of(const Placement& p);

// The perfect index of one material signature.
class Index {
 public:
  explicit Index(Material m);
  const Material& material() const { return m_; }
  std::uint64_t size() const { return size_; }
  std::uint64_t rank(const Placement& p) const;
  Placement unrank(std::uint64_t index) const;

 private:
  Material m_;
  std::vector<std::uint64_t> offset_;  // by the rank of the mover's men: the first index of the men part
  std::uint64_t king_slots_ = 1, opp_king_slots_ = 1, size_ = 0;
};

enum class Value : std::uint8_t { Draw = 0, Win = 1, Loss = 2 };
const char* value_name(Value v);

// One table: a value for every index, 2 bits each, and where it was built
// with them, the distances (plies to the end, 255 for 255 or more).
struct Table {
  explicit Table(Material m) : index(m) {}
  Index index;
  std::vector<std::uint8_t> values;
  std::vector<std::uint8_t> distances;
  std::uint64_t wins = 0, losses = 0, draws = 0;

  Value value(std::uint64_t i) const { return static_cast<Value>((values[i >> 2] >> ((i & 3) * 2)) & 3); }
  bool has_distances() const { return !distances.empty(); }
};

struct Probe {
  Value value = Value::Draw;
  int distance = -1;  // plies to the end with perfect play; -1 where the tables keep none
};

// What a build reports after each table.
struct BuildReport {
  Material material;
  std::uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  int longest = 0;  // the longest distance, in plies
  double seconds = 0;
};

// The tables of every material of up to pieces() pieces.
class Database {
 public:
  // Builds every table of 2..pieces pieces, keeping distances for those of
  // up to distance_pieces pieces (the others need them of the smaller tables
  // only to order their own work, and do without).
  // `last_max_men` builds only the tables of `pieces` pieces with at most
  // that many men (a slice: what they lead to is all built), for the tests.
  static Database build(int pieces, int distance_pieces,
                        const std::function<void(const BuildReport&)>& on_table = {},
                        int last_max_men = kMaxTablePieces);

  // Reads the tables of up to max_pieces pieces from dir. A piece count is
  // used only when every table of it (and of every smaller count) is there
  // and sound; a file that is corrupt, truncated or not a table is refused
  // and named in `problems`. A missing directory gives an empty database.
  static Database load(const std::string& dir, int max_pieces, std::vector<std::string>* problems = nullptr);
  // Writes one file a table into dir (made if missing); returns the bytes written.
  Expected<std::uint64_t> write(const std::string& dir) const;
  static std::string file_name(const Material& m);

  // Every table of up to this many pieces is present (0: none); a slice
  // built for the tests may hold some tables of one piece more.
  int pieces() const { return pieces_; }
  // Tables of up to this many pieces keep distances.
  int distance_pieces() const { return distance_pieces_; }
  const Table* table(const Material& m) const;

  // The value for the side to move, where a table holds the position (a
  // side to move without pieces has lost, and one whose opponent has none
  // wins if it can move).
  std::optional<Probe> probe(const EnglishPosition& p) const;

 private:
  void solve_pair(const Material& m, int distance_pieces,
                  const std::function<void(const BuildReport&)>& on_table);
  std::vector<std::unique_ptr<Table>> tables_ = std::vector<std::unique_ptr<Table>>(1 << 12);
  int largest_ = 0;  // the most pieces of any table held
  int pieces_ = 0;
  int distance_pieces_ = 0;
};

// The checksum of a table file (its header with the checksum field zero,
// then the values): exposed for the tests that corrupt a file.
std::uint64_t checksum(const std::uint8_t* data, std::size_t size, std::uint64_t seed = 0);

}  // namespace qi::checkers::endgame
