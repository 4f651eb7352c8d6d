// The contract between the search (search.h) and a game: the traits type a
// game's engine part writes (src/engine/games/<game>/traits.h), checked by
// the concept SearchTraits when the search is instantiated.
//
// A game names the search techniques that fit it in kFeatures, with
// designated initializers: a misspelt feature does not compile. Each
// feature asks for the members it needs (the concept below checks that they
// exist, so a misspelt member is a compile error, not a feature silently
// off); what every game must give is listed in RequiredSearchTraits. A
// game's traits derive from SearchTraitsDefaults for the numbers it may
// leave as they are.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "core/side.h"
#include "engine/score.h"

namespace qi::engine {

struct SearchFeatures {
  bool null_move = false;               // make_null, unmake_null, null_move_allowed
  bool late_move_reductions = false;    //
  bool futility = false;                // reverse futility pruning near the leaves
  bool check_extension = false;         // checks are searched a ply deeper
  bool safe_checks_only = false;        // ... only those that do not lose material: see_ge
  bool single_reply_extension = false;  // a forced move is searched a ply deeper
  bool singular_extension = false;      //
  bool shallow_pruning = false;         // razoring, futility and exchange pruning of moves: see_ge
  bool correction_history = false;      // correction_key
  bool continuation_history = false;    // piece_to, kPieceToSize
  bool eval_stack = false;  // EvalStack, eval_root, eval_push, eval_push_null, evaluate(s, stack, ply)
  bool rule_state = false;  // RuleState, start_rule_state, next_rule_state, rule_score(s, rs, ply)
  bool network = false;     // use_network: a second, learned evaluation
  // EndgameTables, endgame_tables(path), probe_endgame(tables, s): exact
  // values of positions with few pieces (English checkers)
  bool endgame_tables = false;
};

// What an endgame table says of a position, for the side to move: nothing
// (not in the tables), or its game-theoretic value, with the plies to the
// end of the game under perfect play where the tables keep them (-1 where
// they do not).
enum class TableValue : std::uint8_t { Unknown, Win, Draw, Loss };
struct TableProbe {
  TableValue value = TableValue::Unknown;
  int distance = -1;
};

struct SearchTraitsDefaults {
  // A repetition of a position from before the root counts once it stood
  // there this many times (threefold: twice before, and now).
  static constexpr int kRepetitionsBeforeRoot = 2;
  // Scale of the win/draw/loss model (see score.h).
  static constexpr double kWdlScale = 200, kWdlDrawWidth = 60;
};

template <class T>
concept RequiredSearchTraits = requires(typename T::State& s, const typename T::State& cs, typename T::Move m,
                                        typename T::MoveList& list, std::string_view text) {
  { T::kName } -> std::convertible_to<std::string_view>;
  { T::kFeatures } -> std::convertible_to<SearchFeatures>;
  { T::kPawn } -> std::convertible_to<int>;
  { T::kHistorySize } -> std::convertible_to<int>;
  { T::kRepetitionsBeforeRoot } -> std::convertible_to<int>;
  { T::kWdlScale } -> std::convertible_to<double>;
  { T::kWdlDrawWidth } -> std::convertible_to<double>;
  { T::start() } -> std::same_as<typename T::State>;
  { T::from_fen(text) } -> std::same_as<Expected<typename T::State>>;
  { T::move_text(cs, m) } -> std::same_as<std::string>;
  { T::parse_move(cs, text) } -> std::same_as<Expected<typename T::Move>>;
  {T::generate(cs, list)};
  {T::make(s, m)};
  {T::unmake(s, m)};
  { T::move_key(cs, m) } -> std::convertible_to<std::uint32_t>;
  { T::history_index(m) } -> std::convertible_to<int>;
  { T::is_tactical(cs, m) } -> std::same_as<bool>;
  { T::capture_gain(cs, m) } -> std::convertible_to<int>;
  { T::capture_order(cs, m) } -> std::convertible_to<int>;
  { T::in_check(cs) } -> std::same_as<bool>;
  { T::gives_check(cs, m) } -> std::same_as<bool>;
  { T::irreversible(cs, m) } -> std::same_as<bool>;
  { T::generate_quiescence(cs, list, true) } -> std::same_as<bool>;
  { T::no_move_score(cs, 0) } -> std::convertible_to<Score>;
  { T::repetition_score(s, 0, 0) } -> std::convertible_to<Score>;
  { T::evaluate(cs) } -> std::convertible_to<Score>;
  { cs.side_to_move() } -> std::same_as<Side>;
  { cs.hash() } -> std::same_as<std::uint64_t>;
};

template <class T>
concept NullMoveTraits = requires(typename T::State& s, const typename T::State& cs) {
  {T::make_null(s)};
  {T::unmake_null(s)};
  { T::null_move_allowed(cs) } -> std::same_as<bool>;
};

template <class T>
concept ExchangeTraits = requires(const typename T::State& cs, typename T::Move m) {
  { T::see_ge(cs, m, 0) } -> std::same_as<bool>;
};

template <class T>
concept CorrectionTraits = requires(const typename T::State& cs) {
  { T::correction_key(cs) } -> std::convertible_to<std::uint64_t>;
};

template <class T>
concept ContinuationTraits = requires(const typename T::State& cs, typename T::Move m) {
  { T::piece_to(cs, m) } -> std::convertible_to<int>;
  requires(T::kPieceToSize > 0);
};

template <class T>
concept EvalStackTraits = requires(typename T::EvalStack& stack, const typename T::State& cs,
                                   typename T::Move m) {
  {T::eval_root(stack, cs)};
  {T::eval_push(stack, cs, m, 1)};
  {T::eval_push_null(stack, 1)};
  { T::evaluate(cs, stack, 1) } -> std::convertible_to<Score>;
};

// Games whose draw rules count more than plies since the last irreversible
// move keep those counts along the search line (checkers' endgame limits).
template <class T>
concept RuleStateTraits = requires(const typename T::RuleState& rs, const typename T::State& cs,
                                   typename T::Move m) {
  { T::start_rule_state(cs) } -> std::same_as<typename T::RuleState>;
  { T::next_rule_state(rs, cs, true) } -> std::same_as<typename T::RuleState>;
  { T::rule_score(cs, rs, 0) } -> std::convertible_to<Score>;
};
// ... and the others judge from the position and that count alone.
template <class T>
concept PlainRuleTraits = requires(const typename T::State& cs) {
  { T::rule_score(cs, 0, 0) } -> std::convertible_to<Score>;
};

template <class T>
concept NetworkTraits = requires {
  T::use_network(true);
};

// The tables of the directory an option names (null while none are
// loaded), and a position's value from them.
template <class T>
concept EndgameTableTraits = requires(const typename T::State& cs, const typename T::EndgameTables& tables,
                                      std::string_view path) {
  { T::endgame_tables(path) } -> std::same_as<std::shared_ptr<const typename T::EndgameTables>>;
  { T::probe_endgame(tables, cs) } -> std::same_as<TableProbe>;
};

template <class T>
concept SearchTraits = RequiredSearchTraits<T> &&(!T::kFeatures.null_move || NullMoveTraits<T>)&&(
    !(T::kFeatures.shallow_pruning || T::kFeatures.safe_checks_only) ||
    ExchangeTraits<T>)&&(!T::kFeatures.correction_history ||
                         CorrectionTraits<
                             T>)&&(!T::kFeatures.continuation_history ||
                                   ContinuationTraits<
                                       T>)&&(!T::kFeatures.eval_stack ||
                                             EvalStackTraits<
                                                 T>)&&(T::kFeatures.rule_state
                                                           ? RuleStateTraits<T>
                                                           : PlainRuleTraits<
                                                                 T>)&&(!T::kFeatures.network ||
                                                                       NetworkTraits<
                                                                           T>)&&(!T::kFeatures
                                                                                      .endgame_tables ||
                                                                                 EndgameTableTraits<T>);

// Instantiated for each game's traits in its engine part, so that a broken
// contract fails there with the feature named.
template <class T>
consteval bool check_search_traits() {
  static_assert(RequiredSearchTraits<T>,
                "the traits lack a member every game must give (RequiredSearchTraits)");
  static_assert(!T::kFeatures.null_move || NullMoveTraits<T>,
                "kFeatures.null_move needs make_null, unmake_null and null_move_allowed");
  static_assert(!(T::kFeatures.shallow_pruning || T::kFeatures.safe_checks_only) || ExchangeTraits<T>,
                "kFeatures.shallow_pruning and safe_checks_only need see_ge");
  static_assert(!T::kFeatures.correction_history || CorrectionTraits<T>,
                "kFeatures.correction_history needs correction_key");
  static_assert(!T::kFeatures.continuation_history || ContinuationTraits<T>,
                "kFeatures.continuation_history needs piece_to and kPieceToSize");
  static_assert(!T::kFeatures.eval_stack || EvalStackTraits<T>,
                "kFeatures.eval_stack needs EvalStack, eval_root, eval_push, eval_push_null and evaluate(s, "
                "stack, ply)");
  static_assert(
      T::kFeatures.rule_state ? RuleStateTraits<T> : PlainRuleTraits<T>,
      "rule_score(state, ply, reversible_plies), or with kFeatures.rule_state RuleState, next_rule_state "
      "and rule_score(state, rule_state, ply)");
  static_assert(!T::kFeatures.network || NetworkTraits<T>, "kFeatures.network needs use_network");
  static_assert(
      !T::kFeatures.endgame_tables || EndgameTableTraits<T>,
      "kFeatures.endgame_tables needs EndgameTables, endgame_tables(path) and probe_endgame(tables, s)");
  return true;
}

}  // namespace qi::engine
