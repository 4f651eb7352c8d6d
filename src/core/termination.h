// Every way a game of Qi can end, one code each, worded in English and
// Chinese from the code alone. The rules (src/games), the referee, the arena
// and the app all name endings by these codes; the store and the API write
// their names. Adding an enumerator without its row fails to compile (the
// table is checked against the enumeration below).
//
// A template's placeholders: {winner} and {loser} (wins), {side} and {other}
// (the side a draw is about, e.g. the stalemated side, and its opponent),
// {n} and {m} (the numbers a rule counts), {detail} (free text, the arena's
// account of a crash or an illegal reply).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace qi {

enum class Termination : std::uint8_t {
  None,
  // Every game: the referee's endings.
  Resignation,
  Agreement,
  Time,
  TimeCannotWin,
  Overruns,
  Aborted,
  NoFirstMove,
  Abandoned,
  AbandonedDraw,
  Adjudication,
  AdjudicationDraw,
  MaxMoves,
  Crash,
  NoReply,
  IllegalMove,
  ProtocolError,
  ArenaError,
  // Chess (FIDE articles 5 and 9).
  Checkmate,
  Stalemate,
  DeadPosition,
  ThreefoldRepetition,
  FivefoldRepetition,
  FiftyMoves,
  SeventyFiveMoves,
  // Xiangqi (CXA rules).
  StalemateLoss,
  PerpetualCheck,
  PerpetualChase,
  CheckAndChase,
  MutualPerpetualCheck,
  MutualPerpetualChase,
  RepetitionDraw,
  MoveLimit,
  NoAttackingMaterial,
  // Checkers and draughts.
  NoPieces,
  NoMoves,
  FortyMoveRule,
  TwentyFiveMoveRule,
  TwentyMoveRule,
  FifteenMoveRule,
  SixteenMoveRule,
  FiveMoveRule,
  ThreeKingsRule,
  KingEndingRule,
  // Tic-tac-toe.
  ThreeInARow,
  BoardFull,
};

struct TerminationInfo {
  Termination code;
  std::string_view name;  // stable: stored and sent
  std::string_view en;    // the whole sentence, result included
  std::string_view zh;
};

inline constexpr std::array kTerminations = {
    TerminationInfo{Termination::None, "", "", ""},
    TerminationInfo{Termination::Resignation, "resignation", "{loser} resigns; {winner} wins",
                    "{winner}胜 · {loser}认输"},
    TerminationInfo{Termination::Agreement, "agreement", "draw by agreement", "和棋 · 双方同意和棋"},
    TerminationInfo{Termination::Time, "time", "{loser} ran out of time; {winner} wins",
                    "{winner}胜 · {loser}超时"},
    TerminationInfo{Termination::TimeCannotWin, "time_cannot_win",
                    "{side} ran out of time, but {other} cannot possibly win: draw",
                    "和棋 · {side}超时，但{other}已不可能取胜"},
    TerminationInfo{Termination::Overruns, "overruns",
                    "{loser} overran the time for a move {n} times; {winner} wins",
                    "{winner}胜 · {loser}每步限时超时 {n} 次"},
    TerminationInfo{Termination::Aborted, "aborted",
                    "game aborted by {side} before the first moves: no result",
                    "对局取消 · {side}在双方走出第一步之前取消了对局，不计结果"},
    TerminationInfo{Termination::NoFirstMove, "no_first_move",
                    "game aborted: {side} did not make a first move in time; no result",
                    "对局取消 · {side}没有按时走出第一步，不计结果"},
    TerminationInfo{Termination::Abandoned, "abandoned", "{loser} left the game; {winner} wins",
                    "{winner}胜 · {loser}离开了对局"},
    TerminationInfo{Termination::AbandonedDraw, "abandoned_draw",
                    "draw: {other} left the game and {side} claimed a draw",
                    "和棋 · {other}离开了对局，{side}要求判和"},
    TerminationInfo{Termination::Adjudication, "adjudication",
                    "{winner} wins by adjudication: both engines agree {loser} is lost", "{winner}胜 · 裁定"},
    TerminationInfo{Termination::AdjudicationDraw, "adjudication_draw",
                    "draw by adjudication: both engines' scores stayed within {n} centipawns", "和棋 · 裁定"},
    TerminationInfo{Termination::MaxMoves, "max_moves", "draw by adjudication: {n} moves played",
                    "和棋 · 步数达到上限 {n}，裁定和棋"},
    TerminationInfo{Termination::Crash, "crash", "{loser} crashed: {detail}; {winner} wins",
                    "{winner}胜 · {loser}程序崩溃：{detail}"},
    TerminationInfo{Termination::NoReply, "no_reply", "{loser} did not reply within {n} ms; {winner} wins",
                    "{winner}胜 · {loser}在 {n} 毫秒内没有应着"},
    TerminationInfo{Termination::IllegalMove, "illegal_move",
                    "{loser} played an illegal move: {detail}; {winner} wins",
                    "{winner}胜 · {loser}走了不合规则的着法：{detail}"},
    TerminationInfo{Termination::ProtocolError, "protocol_error",
                    "{loser} broke the protocol: {detail}; {winner} wins",
                    "{winner}胜 · {loser}违反通信协议：{detail}"},
    TerminationInfo{Termination::ArenaError, "arena_error", "the game could not be played: {detail}",
                    "对局无法进行：{detail}"},
    TerminationInfo{Termination::Checkmate, "checkmate", "{winner} wins: checkmate", "{winner}胜 · 将死"},
    TerminationInfo{Termination::Stalemate, "stalemate",
                    "draw: stalemate ({side} has no legal move and is not in check)",
                    "和棋 · 逼和：{side}无子可动且未被将军"},
    TerminationInfo{Termination::DeadPosition, "dead_position",
                    "draw: dead position (neither side has the pieces to checkmate)",
                    "和棋 · 死局：双方都不可能将死对方"},
    TerminationInfo{Termination::ThreefoldRepetition, "threefold_repetition",
                    "draw: threefold repetition (the same position has appeared three times)",
                    "和棋 · 同一局面出现三次"},
    TerminationInfo{Termination::FivefoldRepetition, "fivefold_repetition",
                    "draw: fivefold repetition (the same position has appeared five times)",
                    "和棋 · 同一局面出现五次"},
    TerminationInfo{Termination::FiftyMoves, "fifty_moves",
                    "draw: fifty-move rule (50 moves by each side without a capture or a pawn move)",
                    "和棋 · 五十回合规则：双方各 50 步未吃子、未动兵"},
    TerminationInfo{Termination::SeventyFiveMoves, "seventy_five_moves",
                    "draw: seventy-five-move rule (75 moves by each side without a capture or a pawn move)",
                    "和棋 · 七十五回合规则：双方各 75 步未吃子、未动兵"},
    TerminationInfo{Termination::StalemateLoss, "stalemate_loss",
                    "{winner} wins: {loser} has no legal move (困毙)", "{winner}胜 · {loser}困毙"},
    TerminationInfo{Termination::PerpetualCheck, "perpetual_check",
                    "{winner} wins: {loser} checked perpetually (长将)", "{winner}胜 · {loser}长将判负"},
    TerminationInfo{Termination::PerpetualChase, "perpetual_chase",
                    "{winner} wins: {loser} chased perpetually (长捉)", "{winner}胜 · {loser}长捉判负"},
    TerminationInfo{Termination::CheckAndChase, "check_and_chase",
                    "{winner} wins: {loser} checked and chased in turn, perpetually (一将一捉)",
                    "{winner}胜 · {loser}一将一捉判负"},
    TerminationInfo{Termination::MutualPerpetualCheck, "mutual_perpetual_check",
                    "draw: both sides checked perpetually (双方长将)", "和棋 · 双方长将，不变作和"},
    TerminationInfo{Termination::MutualPerpetualChase, "mutual_perpetual_chase",
                    "draw: both sides attacked perpetually (双方长打)", "和棋 · 双方长打，不变作和"},
    TerminationInfo{Termination::RepetitionDraw, "repetition_draw",
                    "draw: the position repeated three times and neither side broke a rule (不变作和)",
                    "和棋 · 不变作和：同一局面循环三次，双方均无犯规"},
    TerminationInfo{Termination::MoveLimit, "move_limit",
                    "draw: no capture in {n} moves by each side (自然限着)",
                    "和棋 · 自然限着：双方各 {n} 步未吃子"},
    TerminationInfo{Termination::NoAttackingMaterial, "no_attacking_material",
                    "draw: neither side has a piece that can cross the river",
                    "和棋 · 双方都没有能过河进攻的棋子"},
    TerminationInfo{Termination::NoPieces, "no_pieces", "{winner} wins: {loser} has no pieces left",
                    "{winner}胜 · {loser}的棋子已被吃光"},
    TerminationInfo{Termination::NoMoves, "no_moves", "{winner} wins: {loser} has no legal move",
                    "{winner}胜 · {loser}无子可走"},
    TerminationInfo{Termination::FortyMoveRule, "forty_move_rule",
                    "draw: {n} moves each without a capture or a man's move",
                    "和棋 · 双方各 {n} 步未吃子、未动兵"},
    TerminationInfo{Termination::TwentyFiveMoveRule, "twenty_five_move_rule",
                    "draw: 25 moves each with only kings moved and no capture",
                    "和棋 · 双方各 25 步只动王、未吃子"},
    TerminationInfo{Termination::TwentyMoveRule, "twenty_move_rule",
                    "draw: 20 moves each with only kings moved and no capture",
                    "和棋 · 双方各 20 步只动王、未吃子"},
    TerminationInfo{Termination::FifteenMoveRule, "fifteen_move_rule",
                    "draw: 15 moves each with only kings moved and no capture",
                    "和棋 · 双方各 15 步只动王、未吃子"},
    TerminationInfo{Termination::SixteenMoveRule, "sixteen_move_rule",
                    "draw: 16 moves each in this ending against a lone king",
                    "和棋 · 对单王的残局中双方各走了 16 步"},
    TerminationInfo{Termination::FiveMoveRule, "five_move_rule",
                    "draw: 5 moves each in this ending against a lone king",
                    "和棋 · 对单王的残局中双方各走了 5 步"},
    TerminationInfo{Termination::ThreeKingsRule, "three_kings_rule",
                    "draw: three kings failed to catch the lone king in 15 moves",
                    "和棋 · 三个王 15 步内未能吃掉单王"},
    TerminationInfo{Termination::KingEndingRule, "king_ending_rule",
                    "draw: {n} moves each in a {m}-piece king ending without a change",
                    "和棋 · {m} 子的王残局中双方各走 {n} 步，子力未变"},
    TerminationInfo{Termination::ThreeInARow, "three_in_a_row", "{winner} has three in a row",
                    "{winner}胜 · 三子连成一线"},
    TerminationInfo{Termination::BoardFull, "board_full", "draw: the board is full with no three in a row",
                    "和棋 · 棋盘已满"},
};

// Each row in the place of its enumerator, and no name twice.
static_assert([] {
  for (std::size_t i = 0; i < kTerminations.size(); ++i) {
    if (static_cast<std::size_t>(kTerminations[i].code) != i) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (kTerminations[j].name == kTerminations[i].name) return false;
  }
  return kTerminations.back().code == Termination::BoardFull;
}());

constexpr const TerminationInfo& info(Termination t) { return kTerminations[static_cast<std::size_t>(t)]; }
constexpr std::string_view name_of(Termination t) { return info(t).name; }

// The code of a stored name; names of earlier versions are understood too.
std::optional<Termination> termination_named(std::string_view name);

}  // namespace qi
