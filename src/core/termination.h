// Every way a game of Qi can end: a stable name, stored and sent, and its
// words in English and Chinese. The referee's endings, which every game
// shares (resignation, time, agreement, the arena's rulings), are here; each
// game's own endings by its rules (checkmate, 长将, the forty-move rule)
// are in its folder (src/games/<game>/endings.h) and listed in its
// descriptor (GameDescriptor::endings), so that a game brings its endings
// with it and core names none of them.
//
// A template's placeholders: {winner} and {loser} (wins), {side} and {other}
// (the side a draw is about, e.g. the stalemated side, and its opponent),
// {n} and {m} (the numbers a rule counts), {detail} (free text, the arena's
// account of a crash or an illegal reply).
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace qi {

struct Termination {
  std::string_view name;  // stable: stored and sent; empty: no ending (the game goes on)
  std::string_view en;    // the whole sentence, result included
  std::string_view zh;
  std::string_view former_name = {};  // the name earlier versions of Qi stored, if it changed

  // Endings are the same when their names are: names are what is stored.
  friend constexpr bool operator==(const Termination& a, const Termination& b) { return a.name == b.name; }

  // No ending, and the referee's endings.
  static const Termination None;
  static const Termination Resignation;
  static const Termination Agreement;
  static const Termination Time;
  static const Termination TimeCannotWin;
  static const Termination Overruns;
  static const Termination Aborted;
  static const Termination NoFirstMove;
  static const Termination Abandoned;
  static const Termination AbandonedDraw;
  static const Termination Adjudication;
  static const Termination AdjudicationDraw;
  static const Termination MaxMoves;
  static const Termination Crash;
  static const Termination NoReply;
  static const Termination IllegalMove;
  static const Termination ProtocolError;
  static const Termination ArenaError;
};

inline constexpr Termination Termination::None{};
inline constexpr Termination Termination::Resignation{"resignation", "{loser} resigns; {winner} wins",
                                                      "{winner}胜 · {loser}认输"};
inline constexpr Termination Termination::Agreement{"agreement", "draw by agreement", "和棋 · 双方同意和棋"};
inline constexpr Termination Termination::Time{"time", "{loser} ran out of time; {winner} wins",
                                               "{winner}胜 · {loser}超时", "time_forfeit"};
inline constexpr Termination Termination::TimeCannotWin{
    "time_cannot_win", "{side} ran out of time, but {other} cannot possibly win: draw",
    "和棋 · {side}超时，但{other}已不可能取胜", "time_no_mating_material"};
inline constexpr Termination Termination::Overruns{
    "overruns", "{loser} overran the time for a move {n} times; {winner} wins",
    "{winner}胜 · {loser}每步限时超时 {n} 次"};
inline constexpr Termination Termination::Aborted{
    "aborted", "game aborted by {side} before the first moves: no result",
    "对局取消 · {side}在双方走出第一步之前取消了对局，不计结果"};
inline constexpr Termination Termination::NoFirstMove{
    "no_first_move", "game aborted: {side} did not make a first move in time; no result",
    "对局取消 · {side}没有按时走出第一步，不计结果"};
inline constexpr Termination Termination::Abandoned{"abandoned", "{loser} left the game; {winner} wins",
                                                    "{winner}胜 · {loser}离开了对局"};
inline constexpr Termination Termination::AbandonedDraw{
    "abandoned_draw", "draw: {other} left the game and {side} claimed a draw",
    "和棋 · {other}离开了对局，{side}要求判和"};
inline constexpr Termination Termination::Adjudication{
    "adjudication", "{winner} wins by adjudication: both engines agree {loser} is lost", "{winner}胜 · 裁定"};
inline constexpr Termination Termination::AdjudicationDraw{
    "adjudication_draw", "draw by adjudication: both engines' scores stayed within {n} centipawns",
    "和棋 · 裁定"};
inline constexpr Termination Termination::MaxMoves{"max_moves", "draw by adjudication: {n} moves played",
                                                   "和棋 · 步数达到上限 {n}，裁定和棋"};
inline constexpr Termination Termination::Crash{"crash", "{loser} crashed: {detail}; {winner} wins",
                                                "{winner}胜 · {loser}程序崩溃：{detail}"};
inline constexpr Termination Termination::NoReply{"no_reply",
                                                  "{loser} did not reply within {n} ms; {winner} wins",
                                                  "{winner}胜 · {loser}在 {n} 毫秒内没有应着"};
inline constexpr Termination Termination::IllegalMove{
    "illegal_move", "{loser} played an illegal move: {detail}; {winner} wins",
    "{winner}胜 · {loser}走了不合规则的着法：{detail}"};
inline constexpr Termination Termination::ProtocolError{"protocol_error",
                                                        "{loser} broke the protocol: {detail}; {winner} wins",
                                                        "{winner}胜 · {loser}违反通信协议：{detail}"};
inline constexpr Termination Termination::ArenaError{"arena_error", "the game could not be played: {detail}",
                                                     "对局无法进行：{detail}"};

inline constexpr std::array kRefereeEndings = {
    Termination::Resignation,   Termination::Agreement,        Termination::Time,
    Termination::TimeCannotWin, Termination::Overruns,         Termination::Aborted,
    Termination::NoFirstMove,   Termination::Abandoned,        Termination::AbandonedDraw,
    Termination::Adjudication,  Termination::AdjudicationDraw, Termination::MaxMoves,
    Termination::Crash,         Termination::NoReply,          Termination::IllegalMove,
    Termination::ProtocolError, Termination::ArenaError,
};

constexpr std::string_view name_of(const Termination& t) { return t.name; }

// Whether no two endings of a list share a name (a game's list with the
// referee's: each game's descriptor test checks it).
constexpr bool names_are_distinct(std::span<const Termination> endings) {
  for (std::size_t i = 0; i < endings.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (endings[i].name == endings[j].name) return false;
  return true;
}
static_assert(names_are_distinct(kRefereeEndings));

// The ending a stored name names: one of the referee's or one of
// `game_endings` (a game's, GameDescriptor::endings), by its name or its
// former name; nullopt for none.
std::optional<Termination> termination_named(std::string_view name,
                                             std::span<const Termination> game_endings);

}  // namespace qi
