#include "games/xiangqi/rules.h"
#include "games/xiangqi/endings.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <iterator>

#include "core/work_count.h"

namespace qi::xiangqi {
namespace {

bool can_capture(const Position& pos, Square from, Square to) {
  Move m = make_move(from, to);
  return pos.is_pseudo_legal(m) && pos.keeps_general_safe(m);
}

Bitboard capture_targets(const Position& pos, Square s) {
  Piece p = pos.piece_on(s);
  Side us = color_of(p);
  Bitboard theirs = pos.pieces(~us), occ = pos.occupied();
  Bitboard rotated = pos.rotated_occupancy();
  switch (type_of(p)) {
    case kChariot:
      return slide_attacks(s, occ, rotated) & theirs;
    case kCannon:
      return jump_attacks(s, occ, rotated) & theirs;
    case kHorse:
      return horse_attacks(s, occ) & theirs;
    case kElephant:
      return elephant_attacks(s, occ) & theirs;
    case kAdvisor:
      return tables.advisor_moves[s] & theirs;
    default:
      return 0;
  }
}

bool stronger_target(PieceType attacker, PieceType target) {
  if (attacker == kHorse || attacker == kCannon) return target == kChariot;
  if (attacker == kAdvisor || attacker == kElephant)
    return target == kChariot || target == kHorse || target == kCannon;
  return false;
}

// Whether the piece on `to` has a legal recapture after `from` takes it.
bool protected_after_capture(Position& pos, Square from, Square to) {
  Side defender = color_of(pos.piece_on(to));
  Move capture = make_move(from, to);
  pos.make(capture);
  bool defended = false;
  for (Bitboard b = pos.attackers(to, defender); b && !defended;) {
    Square s = pop_lsb(b);
    defended = pos.keeps_general_safe(make_move(s, to));
  }
  pos.unmake(capture);
  return defended;
}

std::uint32_t ids_of(Bitboard squares, const int (&id)[kSquares]) {
  std::uint32_t out = 0;
  while (squares) {
    int i = id[pop_lsb(squares)];
    if (i >= 0) out |= 1u << i;
  }
  return out;
}

// The occurrences of the present position since the last capture, and the
// span (in plies) back to the first of them.
struct Occurrences {
  int count = 1;
  int span = 0;
};
Occurrences occurrences(const Position& pos) {
  const auto& history = pos.history();
  const int n = static_cast<int>(history.size());
  // No further back than the last capture, and (judge() asks the counts
  // first) than the natural move limit.
  const int reach = std::min(pos.plies_since_capture(), n);
  history_work += static_cast<std::uint64_t>(reach / 2);
  Occurrences o;
  for (int d = 4; d <= reach; d += 2)
    if (history[n - d].key == pos.hash()) {
      ++o.count;
      o.span = d;
    }
  return o;
}

// The cycle from the first of the occurrences of the present position that
// judge it (kRepetitionsToJudge of them), as judged when it is reached.
std::optional<Outcome> repetition_verdict(const Position& pos, int* count) {
  const Occurrences all = occurrences(pos);
  *count = all.count;
  if (all.count < kRepetitionsToJudge) return std::nullopt;
  // The cycle judged is the one that made the judging occurrence: from the
  // occurrence kRepetitionsToJudge - 1 back.
  const auto& history = pos.history();
  const int n = static_cast<int>(history.size());
  int seen = 1, span = 0;
  for (int d = 4; d <= all.span && seen < kRepetitionsToJudge; d += 2)
    if (history[n - d].key == pos.hash()) {
      ++seen;
      span = d;
    }
  return judge_cycle(pos, span);
}

}  // namespace

Outcome judge_cycle(const Position& pos, int span) {
  const auto& history = pos.history();
  const int n = static_cast<int>(history.size());
  // Replay the cycle backwards, following each piece by an id so that a
  // chase of a piece that runs away is still the same chase.
  Position work = pos;
  int id[kSquares];
  std::fill(std::begin(id), std::end(id), -1);
  int next_id = 0;
  for (Bitboard b = work.occupied(); b;) id[pop_lsb(b)] = next_id++;

  bool all_checks[2] = {true, true}, all_attacks[2] = {true, true}, chased_any[2] = {false, false};
  bool checked_any[2] = {false, false};
  std::uint32_t chased_throughout[2] = {~0u, ~0u};
  for (int i = 0; i < span; ++i) {
    const Side mover = ~work.side_to_move();
    const int m_idx = index(mover);
    const bool check = work.in_check();
    const std::uint32_t after = ids_of(chased_by(work, mover), id);
    const Move m = history[n - 1 - i].move;
    work.unmake(m);
    id[m.from] = id[m.to];  // no capture happens inside a repetition cycle
    id[m.to] = -1;
    const std::uint32_t newly = after & ~ids_of(chased_by(work, mover), id);
    if (check) {
      checked_any[m_idx] = true;
      continue;
    }
    all_checks[m_idx] = false;
    if (newly) {
      chased_any[m_idx] = true;
      chased_throughout[m_idx] &= newly;
    } else {
      all_attacks[m_idx] = false;
    }
  }

  const Side stm = pos.side_to_move();
  if (all_checks[0] != all_checks[1])
    return Outcome::win(all_checks[0] ? kBlack : kRed, endings::PerpetualCheck);
  if (all_checks[0]) return Outcome::draw(endings::MutualPerpetualCheck, stm);
  bool chases[2];
  for (int s = 0; s < 2; ++s) chases[s] = all_attacks[s] && chased_any[s] && chased_throughout[s] != 0;
  if (chases[0] != chases[1]) {
    const Side loser = chases[0] ? kRed : kBlack;
    return Outcome::win(~loser, checked_any[index(loser)] ? endings::CheckAndChase : endings::PerpetualChase);
  }
  if (chases[0]) return Outcome::draw(endings::MutualPerpetualChase, stm);
  return Outcome::draw(endings::RepetitionDraw, stm);
}

Bitboard chased_by(Position& pos, Side chaser) {
  Bitboard chased = 0;
  Bitboard candidates = pos.pieces(chaser) & ~pos.pieces(chaser, kGeneral) & ~pos.pieces(chaser, kSoldier);
  while (candidates) {
    Square from = pop_lsb(candidates);
    PieceType attacker = type_of(pos.piece_on(from));
    for (Bitboard targets = capture_targets(pos, from); targets;) {
      Square to = pop_lsb(targets);
      PieceType target = type_of(pos.piece_on(to));
      if (target == kGeneral) continue;  // that is check, not chase
      if (target == kSoldier && own_half(~chaser, to)) continue;
      if (!pos.keeps_general_safe(make_move(from, to))) continue;
      if (!stronger_target(attacker, target)) {
        if (protected_after_capture(pos, from, to)) continue;
        if (target == attacker && can_capture(pos, to, from)) continue;  // a mutual attack
      }
      chased |= bit(to);
    }
  }
  return chased;
}

bool has_attacking_piece(const Position& pos, Side side) {
  return (pos.pieces(side, kChariot) | pos.pieces(side, kHorse) | pos.pieces(side, kCannon) |
          pos.pieces(side, kSoldier)) != 0;
}

std::optional<Outcome> draw_by_count(const Position& pos) {
  if (pos.move_limit_plies() > 0 && pos.plies_since_capture() >= pos.move_limit_plies())
    return Outcome::draw(endings::MoveLimit, pos.side_to_move(), pos.move_limit_plies() / 2);
  if (!has_attacking_piece(pos, kRed) && !has_attacking_piece(pos, kBlack))
    return Outcome::draw(endings::NoAttackingMaterial, pos.side_to_move());
  return std::nullopt;
}

Outcome judge(const Position& pos) {
  const Side stm = pos.side_to_move();
  if (!pos.has_legal_move())
    return Outcome::win(~stm, pos.in_check() ? endings::Checkmate : endings::StalemateLoss);
  // The counts first: the game ends the moment one is reached (the
  // engine's search judges in the same order).
  if (std::optional<Outcome> draw = draw_by_count(pos)) return *draw;
  int count = 1;
  if (std::optional<Outcome> cycle = repetition_verdict(pos, &count)) {
    // A side that broke the rules loses at once; a draw waits for a claim
    // until the repetition goes on to the sixth occurrence.
    if (cycle->verdict == Verdict::Win || count >= kRepetitionsToDraw) return *cycle;
  }
  return Outcome::ongoing();
}

std::vector<Outcome> claimable_draws(const Position& pos) {
  std::vector<Outcome> claims;
  if (judge(pos).over()) return claims;
  int count = 1;
  if (std::optional<Outcome> cycle = repetition_verdict(pos, &count);
      cycle && cycle->verdict == Verdict::Draw)
    claims.push_back(*cycle);
  return claims;
}

Result Position::result() const {
  const Outcome o = judge(*this);
  switch (o.verdict) {
    case Verdict::Ongoing:
    case Verdict::Aborted:
      return Result::None;
    case Verdict::Draw:
      return Result::Draw;
    case Verdict::Win:
      return o.winner == side_ ? Result::Win : Result::Loss;
  }
  return Result::None;
}

}  // namespace qi::xiangqi
