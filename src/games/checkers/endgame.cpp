// The English checkers endgame tables: index, retrograde build and files
// (endgame.h; docs/checkers-endgame.md).
#include "games/checkers/endgame.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace qi::checkers::endgame {
namespace {

constexpr Squares kStmMenSquares = 0x0FFFFFFFu;  // 1-28: the mover's men never stand on 29-32
constexpr Squares kOppMenSquares = 0xFFFFFFF0u;  // 5-32

struct Binomials {
  std::uint64_t c[33][33] = {};
  constexpr Binomials() {
    for (int n = 0; n <= 32; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
  }
};
constexpr Binomials kBinomials;
constexpr std::uint64_t binomial(int n, int k) { return k < 0 || k > n ? 0 : kBinomials.c[n][k]; }

// The colexicographic number of the set x among the k-subsets of `free`
// (x a subset of free): each square counts by its place among free's squares.
std::uint64_t rank_in(Squares x, Squares free) {
  std::uint64_t r = 0;
  int i = 1;
  while (x) {
    const int s = std::countr_zero(x);
    x &= x - 1;
    r += binomial(std::popcount(free & ((Squares{1} << s) - 1)), i++);
  }
  return r;
}

Squares select_square(Squares free, int place) {
  for (int j = 0; j < place; ++j) free &= free - 1;
  return free & (~free + 1);
}

Squares unrank_in(std::uint64_t r, int k, Squares free) {
  Squares x = 0;
  int p = std::popcount(free) - 1;
  for (int i = k; i >= 1; --i) {
    while (binomial(p, i) > r) --p;
    r -= binomial(p, i);
    x |= select_square(free, p);
    --p;
  }
  return x;
}

// Square sets and the board's bits (board.h: square i on bit i + i / 8).
Squares squares_of(Bitboard b) {
  return static_cast<Squares>((b & 0xFFu) | ((b >> 1) & 0xFF00u) | ((b >> 2) & 0xFF0000u) |
                              ((b >> 3) & 0xFF000000u));
}

// The board turned half round: square i + 1 becomes 32 - i.
Squares turned(Squares x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  return __builtin_bswap32(x);
}

// The diagonal neighbours of each square (0-based), -1 off the board: down
// left, down right (toward 32), up left, up right.
struct Neighbours {
  std::int8_t n[32][4] = {};
  constexpr Neighbours() {
    using G = Geometry<8>;
    for (int i = 0; i < 32; ++i) {
      const int row = G::row_of(i + 1), col = G::column_of(i + 1);
      const int dr[4] = {1, 1, -1, -1}, dc[4] = {-1, 1, -1, 1};
      for (int d = 0; d < 4; ++d) {
        const int r = row + dr[d], c = col + dc[d];
        n[i][d] = static_cast<std::int8_t>(r < 0 || r > 7 || c < 0 || c > 7 ? -1 : G::square_at(r, c) - 1);
      }
    }
  }
};
constexpr Neighbours kNeighbours;

// --- Files -----------------------------------------------------------------
constexpr char kMagic[8] = {'Q', 'I', 'E', 'G', 'D', 'B', '\r', '\n'};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kHasDistances = 1;

struct Header {
  char magic[8];
  std::uint32_t version;
  std::uint8_t stm_men, stm_kings, opp_men, opp_kings;
  std::uint32_t flags;
  std::uint32_t reserved;
  std::uint64_t positions, wins, losses, draws;
  std::uint64_t checksum;
};
static_assert(sizeof(Header) == 64);

std::uint64_t file_checksum(Header h, const Table& t) {
  h.checksum = 0;
  std::uint64_t c = checksum(reinterpret_cast<const std::uint8_t*>(&h), sizeof h);
  c = checksum(t.values.data(), t.values.size(), c);
  if (t.has_distances()) c = checksum(t.distances.data(), t.distances.size(), c);
  return c;
}

Header header_of(const Table& t) {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  const Material& m = t.index.material();
  h.stm_men = static_cast<std::uint8_t>(m.stm_men);
  h.stm_kings = static_cast<std::uint8_t>(m.stm_kings);
  h.opp_men = static_cast<std::uint8_t>(m.opp_men);
  h.opp_kings = static_cast<std::uint8_t>(m.opp_kings);
  h.flags = t.has_distances() ? kHasDistances : 0;
  h.positions = t.index.size();
  h.wins = t.wins;
  h.losses = t.losses;
  h.draws = t.draws;
  h.checksum = file_checksum(h, t);
  return h;
}

// Reads one table file, or says why it is refused.
Expected<std::unique_ptr<Table>> read_table(const std::filesystem::path& path, const Material& m) {
  const std::string name = path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(name + ": cannot be opened");
  Header h{};
  in.read(reinterpret_cast<char*>(&h), sizeof h);
  if (in.gcount() != static_cast<std::streamsize>(sizeof h)) return make_error(name + ": truncated header");
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) return make_error(name + ": not a Qi endgame table");
  if (h.version != kVersion)
    return make_error(name + ": table version " + std::to_string(h.version) + ", this Qi reads " +
                      std::to_string(kVersion));
  const Material hm{h.stm_men, h.stm_kings, h.opp_men, h.opp_kings};
  if (!(hm == m)) return make_error(name + ": holds the material " + hm.name() + ", not " + m.name());
  auto t = std::make_unique<Table>(m);
  if (h.positions != t->index.size() || h.wins + h.losses + h.draws != h.positions)
    return make_error(name + ": wrong position count");
  t->values.resize((h.positions + 3) / 4);
  in.read(reinterpret_cast<char*>(t->values.data()), static_cast<std::streamsize>(t->values.size()));
  bool complete = in.gcount() == static_cast<std::streamsize>(t->values.size());
  if (complete && (h.flags & kHasDistances)) {
    t->distances.resize(h.positions);
    in.read(reinterpret_cast<char*>(t->distances.data()), static_cast<std::streamsize>(t->distances.size()));
    complete = in.gcount() == static_cast<std::streamsize>(t->distances.size());
  }
  if (!complete) return make_error(name + ": truncated");
  if (in.peek() != std::char_traits<char>::eof()) return make_error(name + ": longer than its table");
  t->wins = h.wins;
  t->losses = h.losses;
  t->draws = h.draws;
  if (file_checksum(h, *t) != h.checksum) return make_error(name + ": checksum mismatch (corrupt)");
  return t;
}

}  // namespace

std::uint64_t checksum(const std::uint8_t* data, std::size_t size, std::uint64_t seed) {
  std::uint64_t h = seed ^ (size * 0x9E3779B97F4A7C15ULL);
  std::size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, data + i, 8);
    h = (std::rotl(h, 31) ^ w) * 0xBF58476D1CE4E5B9ULL;
  }
  std::uint64_t tail = 0;
  for (std::size_t k = 0; i < size; ++i, ++k) tail |= std::uint64_t{data[i]} << (8 * k);
  h = (std::rotl(h, 31) ^ tail) * 0x94D049BB133111EBULL;
  return h ^ (h >> 29);
}

std::string Material::name() const {
  return std::to_string(stm_men) + "m" + std::to_string(stm_kings) + "k-" + std::to_string(opp_men) + "m" +
         std::to_string(opp_kings) + "k";
}

std::vector<Material> materials(int pieces, bool with_empty_sides) {
  std::vector<Material> out;
  for (int men = 0; men <= pieces; ++men)
    for (int a = 0; a <= men; ++a)
      for (int b = 0; b <= pieces - men; ++b) {
        const Material m{a, b, men - a, pieces - men - b};
        if (!with_empty_sides && (m.stm_men + m.stm_kings == 0 || m.opp_men + m.opp_kings == 0)) continue;
        out.push_back(m);
      }
  return out;
}

Material Placement::material() const {
  return {std::popcount(stm_men), std::popcount(stm_kings), std::popcount(opp_men), std::popcount(opp_kings)};
}

Placement placement_of(const EnglishPosition& p) {
  const Side stm = p.side_to_move();
  Squares own = squares_of(p.pieces(stm)), opp = squares_of(p.pieces(~stm)), kings = squares_of(p.kings());
  if (!EnglishPosition::moves_down(stm)) {
    own = turned(own);
    opp = turned(opp);
    kings = turned(kings);
  }
  return {own & ~kings, own & kings, opp & ~kings, opp & kings};
}

EnglishPosition position_of(const Placement& pl) {
  EnglishPosition p;
  p.set_side_to_move(Side::First);
  auto put = [&p](Squares set, Side side, bool king) {
    for (; set; set &= set - 1) p.put(side, std::countr_zero(set) + 1, king);
  };
  put(pl.stm_men, Side::First, false);
  put(pl.stm_kings, Side::First, true);
  put(pl.opp_men, Side::Second, false);
  put(pl.opp_kings, Side::Second, true);
  return p;
}

// --- Index -----------------------------------------------------------------
Index::Index(Material m) : m_(m) {
  const std::uint64_t men_sets = binomial(28, m.stm_men);
  offset_.resize(men_sets + 1);
  offset_[0] = 0;
  for (std::uint64_t r = 0; r < men_sets; ++r) {
    const Squares men = unrank_in(r, m.stm_men, kStmMenSquares);
    offset_[r + 1] = offset_[r] + binomial(std::popcount(kOppMenSquares & ~men), m.opp_men);
  }
  const int free = 32 - m.stm_men - m.opp_men;
  king_slots_ = binomial(free, m.stm_kings);
  opp_king_slots_ = binomial(free - m.stm_kings, m.opp_kings);
  size_ = offset_[men_sets] * king_slots_ * opp_king_slots_;
}

std::uint64_t Index::rank(const Placement& p) const {
  const std::uint64_t men =
      offset_[rank_in(p.stm_men, kStmMenSquares)] + rank_in(p.opp_men, kOppMenSquares & ~p.stm_men);
  const Squares free = ~(p.stm_men | p.opp_men);
  const std::uint64_t k1 = rank_in(p.stm_kings, free), k2 = rank_in(p.opp_kings, free & ~p.stm_kings);
  return (men * king_slots_ + k1) * opp_king_slots_ + k2;
}

Placement Index::unrank(std::uint64_t i) const {
  const std::uint64_t k2 = i % opp_king_slots_;
  i /= opp_king_slots_;
  const std::uint64_t k1 = i % king_slots_;
  const std::uint64_t men = i / king_slots_;
  const std::size_t r1 =
      static_cast<std::size_t>(std::upper_bound(offset_.begin(), offset_.end(), men) - offset_.begin() - 1);
  Placement p;
  p.stm_men = unrank_in(r1, m_.stm_men, kStmMenSquares);
  p.opp_men = unrank_in(men - offset_[r1], m_.opp_men, kOppMenSquares & ~p.stm_men);
  const Squares free = ~(p.stm_men | p.opp_men);
  p.stm_kings = unrank_in(k1, m_.stm_kings, free);
  p.opp_kings = unrank_in(k2, m_.opp_kings, free & ~p.stm_kings);
  return p;
}

const char* value_name(Value v) {
  switch (v) {
    case Value::Win:
      return "win";
    case Value::Loss:
      return "loss";
    default:
      return "draw";
  }
}

// --- Probing ---------------------------------------------------------------
const Table* Database::table(const Material& m) const {
  if (m.stm_men > 7 || m.stm_kings > 7 || m.opp_men > 7 || m.opp_kings > 7) return nullptr;
  return tables_[static_cast<std::size_t>(m.code())].get();
}

namespace {

// The value of a position from tables being built: those of fewer pieces,
// or of as many with fewer men (every one a move can lead to out of the
// table being built).
std::optional<Probe> probe_tables(const Database& db, const EnglishPosition& p) {
  const Placement pl = placement_of(p);
  const Material m = pl.material();
  if (m.stm_men + m.stm_kings == 0) return Probe{Value::Loss, 0};
  if (m.opp_men + m.opp_kings == 0) return p.has_legal_move() ? Probe{Value::Win, 1} : Probe{Value::Loss, 0};
  const Table* t = db.table(m);
  if (!t) return std::nullopt;
  const std::uint64_t i = t->index.rank(pl);
  return Probe{t->value(i), t->has_distances() ? t->distances[i] : -1};
}

}  // namespace

std::optional<Probe> Database::probe(const EnglishPosition& p) const {
  if (std::popcount(p.occupied()) > largest_) return std::nullopt;
  return probe_tables(*this, p);
}

// --- Building --------------------------------------------------------------
Database Database::build(int pieces, int distance_pieces,
                         const std::function<void(const BuildReport&)>& on_table, int last_max_men) {
  Database db;
  pieces = std::clamp(pieces, 0, kMaxTablePieces);
  const int keep = std::clamp(distance_pieces, 0, pieces);
  for (int n = 2; n <= pieces; ++n) {
    const bool slice = n == pieces && last_max_men < n;
    for (const Material& m : materials(n))
      if (!db.table(m) && (!slice || m.men() <= last_max_men)) db.solve_pair(m, keep, on_table);
    if (!slice) db.pieces_ = n;
  }
  db.distance_pieces_ = std::min(keep, db.pieces_);
  return db;
}

// Solves a table and its mirror (the same material with the other side to
// move) together: their plain moves lead into each other; captures and
// crowning moves lead into tables solved before.
//
// Retrograde analysis by distance: a first pass gives each position what its
// moves out of the pair say (captures decide a position at once) and counts
// its moves inside the pair; then the decided positions are taken in order of
// distance, and each tells its predecessors (found by unmaking a plain move
// of the side that moved): a loss makes them wins one ply further; a win
// counts down their moves, and one whose every move wins for the opponent
// is lost. What is never decided is a draw (each side can keep away from a
// loss for ever).
void Database::solve_pair(const Material& m, int distance_pieces,
                          const std::function<void(const BuildReport&)>& on_table) {
  const auto start = std::chrono::steady_clock::now();
  const Material mm = m.mirror();
  const bool twin = mm == m;
  auto first = std::make_unique<Table>(m);
  auto second = twin ? nullptr : std::make_unique<Table>(mm);
  Table* parts[2] = {first.get(), twin ? first.get() : second.get()};
  const std::uint64_t n_first = first->index.size();
  const std::uint64_t total = n_first + (twin ? 0 : second->index.size());
  const bool keep = m.pieces() <= distance_pieces;

  constexpr std::uint8_t kUnknown = 3;
  constexpr std::uint16_t kNever = 0xFFFF;
  constexpr std::uint32_t kIdMask = (1u << 30) - 1;
  constexpr std::uint32_t kPropagate = 0, kWin = 1u << 30, kLoss = 2u << 30;
  std::vector<std::uint8_t> value(total, kUnknown), count(total, 0);
  std::vector<std::uint16_t> best_win(total, kNever), loss_exit(total, 0), distance;
  if (keep) distance.assign(total, 0);
  std::vector<std::vector<std::uint32_t>> buckets;
  auto push = [&buckets](std::uint32_t entry, int level) {
    if (static_cast<std::size_t>(level) >= buckets.size()) buckets.resize(level + 1);
    buckets[level].push_back(entry);
  };
  auto placement_at = [&](std::uint64_t id) {
    return id < n_first ? parts[0]->index.unrank(id) : parts[1]->index.unrank(id - n_first);
  };
  auto id_of = [&](const Placement& q) {
    return q.material() == m ? parts[0]->index.rank(q) : n_first + parts[1]->index.rank(q);
  };
  auto exit_value = [this](const EnglishPosition& after) {
    const std::optional<Probe> p = probe_tables(*this, after);
    if (!p)
      throw std::logic_error("endgame build: a table is missing for " +
                             placement_of(after).material().name());
    return *p;
  };

  // Pass 1: what moves out of the pair say.
  EnglishPosition::MoveList list;
  for (std::uint64_t id = 0; id < total; ++id) {
    EnglishPosition p = position_of(placement_at(id));
    list.clear();
    p.generate_legal(list);
    if (list.empty()) {
      value[id] = static_cast<std::uint8_t>(Value::Loss);
      push(static_cast<std::uint32_t>(id) | kPropagate, 0);
      continue;
    }
    if (list[0].is_capture()) {
      bool win = false, all_win = true;
      int win_in = kNever, loss_in = 0;
      for (const auto& mv : list) {
        p.make(mv);
        const Probe c = exit_value(p);
        p.unmake(mv);
        const int d = std::max(c.distance, 0) + 1;
        if (c.value == Value::Loss) {
          win = true;
          win_in = std::min(win_in, d);
        } else if (c.value == Value::Win) {
          loss_in = std::max(loss_in, d);
        } else {
          all_win = false;
        }
      }
      if (win || all_win) {
        const int d = win ? win_in : loss_in;
        value[id] = static_cast<std::uint8_t>(win ? Value::Win : Value::Loss);
        if (keep) distance[id] = static_cast<std::uint16_t>(d);
        push(static_cast<std::uint32_t>(id) | kPropagate, d);
      } else {
        value[id] = static_cast<std::uint8_t>(Value::Draw);
      }
      continue;
    }
    int inside = 0;
    for (const auto& mv : list) {
      if (!mv.crowns) {
        ++inside;
        continue;
      }
      p.make(mv);
      const Probe c = exit_value(p);
      p.unmake(mv);
      const int d = std::max(c.distance, 0) + 1;
      if (c.value == Value::Loss)
        best_win[id] = static_cast<std::uint16_t>(std::min<int>(best_win[id], d));
      else if (c.value == Value::Win)
        loss_exit[id] = static_cast<std::uint16_t>(std::max<int>(loss_exit[id], d));
      else
        ++inside;  // a drawn way out: never lost
    }
    count[id] = static_cast<std::uint8_t>(inside);
    if (best_win[id] != kNever)
      push(static_cast<std::uint32_t>(id) | kWin, best_win[id]);
    else if (inside == 0)
      push(static_cast<std::uint32_t>(id) | kLoss, loss_exit[id]);
  }

  // Pass 2: the decided positions by distance, each telling its predecessors.
  int longest = 0;
  for (std::size_t level = 0; level < buckets.size(); ++level) {
    for (std::size_t k = 0; k < buckets[level].size(); ++k) {
      const std::uint32_t entry = buckets[level][k];
      const std::uint64_t id = entry & kIdMask;
      const std::uint32_t tag = entry & ~kIdMask;
      if (tag != kPropagate) {
        if (value[id] != kUnknown) continue;
        value[id] = static_cast<std::uint8_t>(tag == kWin ? Value::Win : Value::Loss);
        if (keep) distance[id] = static_cast<std::uint16_t>(level);
      }
      longest = std::max(longest, static_cast<int>(level));
      const bool lost = value[id] == static_cast<std::uint8_t>(Value::Loss);
      const int next = static_cast<int>(level) + 1;
      // The other side (opp here) made the last move: unmake each of its
      // plain moves that could have led here.
      const Placement p = placement_at(id);
      const Squares empty = ~(p.stm_men | p.stm_kings | p.opp_men | p.opp_kings);
      auto tell = [&](const Placement& before) {
        // Before the move the other side was to move: its view, turned.
        const Placement q{turned(before.opp_men), turned(before.opp_kings), turned(before.stm_men),
                          turned(before.stm_kings)};
        const std::uint64_t qid = id_of(q);
        if (value[qid] != kUnknown) return;
        if (lost) {
          if (next < best_win[qid]) {
            best_win[qid] = static_cast<std::uint16_t>(next);
            push(static_cast<std::uint32_t>(qid) | kWin, next);
          }
        } else if (--count[qid] == 0 && best_win[qid] == kNever) {
          push(static_cast<std::uint32_t>(qid) | kLoss, std::max<int>(next, loss_exit[qid]));
        }
      };
      for (Squares kings = p.opp_kings; kings; kings &= kings - 1) {
        const int s = std::countr_zero(kings);
        for (int d = 0; d < 4; ++d) {
          const int from = kNeighbours.n[s][d];
          if (from < 0 || !(empty >> from & 1)) continue;
          Placement before = p;
          before.opp_kings = (p.opp_kings & ~(Squares{1} << s)) | Squares{1} << from;
          tell(before);
        }
      }
      // The other side's men go toward square 1: each came from below.
      for (Squares men = p.opp_men; men; men &= men - 1) {
        const int s = std::countr_zero(men);
        for (int d = 0; d < 2; ++d) {
          const int from = kNeighbours.n[s][d];
          if (from < 0 || !(empty >> from & 1)) continue;
          Placement before = p;
          before.opp_men = (p.opp_men & ~(Squares{1} << s)) | Squares{1} << from;
          tell(before);
        }
      }
    }
    std::vector<std::uint32_t>().swap(buckets[level]);
  }

  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t base = 0;
  for (int part = 0; part < (twin ? 1 : 2); ++part) {
    Table& t = *parts[part];
    const std::uint64_t n = t.index.size();
    t.values.assign((n + 3) / 4, 0);
    if (keep) t.distances.assign(n, 0);
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint8_t v =
          value[base + i] == kUnknown ? static_cast<std::uint8_t>(Value::Draw) : value[base + i];
      t.values[i >> 2] |= static_cast<std::uint8_t>(v << ((i & 3) * 2));
      if (v == static_cast<std::uint8_t>(Value::Win))
        ++t.wins;
      else if (v == static_cast<std::uint8_t>(Value::Loss))
        ++t.losses;
      else
        ++t.draws;
      if (keep) t.distances[i] = static_cast<std::uint8_t>(std::min<int>(distance[base + i], 255));
    }
    if (on_table)
      on_table(BuildReport{t.index.material(), n, t.wins, t.losses, t.draws, keep ? longest : 0,
                           seconds * static_cast<double>(n) / static_cast<double>(total)});
    base += n;
  }
  largest_ = std::max(largest_, m.pieces());
  tables_[static_cast<std::size_t>(m.code())] = std::move(first);
  if (!twin) tables_[static_cast<std::size_t>(mm.code())] = std::move(second);
}

// --- Files -----------------------------------------------------------------
std::string Database::file_name(const Material& m) { return "english-" + m.name() + ".egdb"; }

Expected<std::uint64_t> Database::write(const std::string& dir) const {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return make_error(dir + ": " + ec.message());
  std::uint64_t bytes = 0;
  for (int n = 2; n <= pieces_; ++n)
    for (const Material& m : materials(n)) {
      const Table* t = table(m);
      if (!t) continue;
      const std::filesystem::path path = std::filesystem::path(dir) / file_name(m);
      const std::filesystem::path part = path.string() + ".part";
      {
        std::ofstream out(part, std::ios::binary | std::ios::trunc);
        const Header h = header_of(*t);
        out.write(reinterpret_cast<const char*>(&h), sizeof h);
        out.write(reinterpret_cast<const char*>(t->values.data()),
                  static_cast<std::streamsize>(t->values.size()));
        if (t->has_distances())
          out.write(reinterpret_cast<const char*>(t->distances.data()),
                    static_cast<std::streamsize>(t->distances.size()));
        out.flush();
        if (!out) return make_error(part.string() + ": cannot be written");
        bytes += sizeof h + t->values.size() + t->distances.size();
      }
      // Renamed once whole: a reader never sees half a table under its name.
      std::filesystem::rename(part, path, ec);
      if (ec) return make_error(path.string() + ": " + ec.message());
    }
  return bytes;
}

Database Database::load(const std::string& dir, int max_pieces, std::vector<std::string>* problems) {
  Database db;
  std::error_code ec;
  if (dir.empty() || !std::filesystem::is_directory(dir, ec)) return db;
  max_pieces = std::min(max_pieces, kMaxTablePieces);
  bool distances = true;
  for (int n = 2; n <= max_pieces; ++n) {
    const std::vector<Material> all = materials(n);
    int present = 0;
    bool sound = true;
    for (const Material& m : all) {
      const std::filesystem::path path = std::filesystem::path(dir) / file_name(m);
      if (!std::filesystem::exists(path, ec)) continue;
      ++present;
      Expected<std::unique_ptr<Table>> t = read_table(path, m);
      if (!t) {
        sound = false;
        if (problems) problems->push_back(t.error().message);
        continue;
      }
      db.tables_[static_cast<std::size_t>(m.code())] = std::move(*t);
    }
    if (present != static_cast<int>(all.size()) || !sound) {
      if (present > 0 && present != static_cast<int>(all.size()) && problems)
        problems->push_back(dir + ": only " + std::to_string(present) + " of the " +
                            std::to_string(all.size()) + " tables of " + std::to_string(n) + " pieces");
      for (const Material& m : all) db.tables_[static_cast<std::size_t>(m.code())].reset();
      break;
    }
    db.pieces_ = db.largest_ = n;
    for (const Material& m : all) distances = distances && db.table(m)->has_distances();
    if (distances) db.distance_pieces_ = n;
  }
  return db;
}

}  // namespace qi::checkers::endgame
