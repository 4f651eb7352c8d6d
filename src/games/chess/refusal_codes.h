// The codes a refused chess move can carry (Error::code), one per rule a
// learner can break; the page has a sentence for each in every language.
#pragma once

#include <array>
#include <string_view>

#include "core/refusal_code.h"

namespace qi::chess {

inline constexpr std::array<std::string_view, 41> kRefusalCodes = {
    "not_a_square",
    "no_own_piece",
    "must_move",
    "promotion_only_pawn",
    "promotion_required",
    "promotion_piece",
    "castle_king_moved",
    "castle_rook_moved",
    "castle_rook_captured",
    "castle_no_rook",
    "castle_rights_lost",
    "castle_in_check",
    "castle_path_occupied",
    "castle_through_check",
    "castle_into_check",
    "castle_not_legal",
    "castle_notation",
    "pawn_backwards",
    "pawn_move_shape",
    "pawn_blocked",
    "pawn_captures_diagonally",
    "en_passant_immediately",
    "pawn_diagonal_needs_capture",
    "occupied_own",
    "knight_move_shape",
    "bishop_move_shape",
    "rook_move_shape",
    "queen_move_shape",
    "king_move_shape",
    "path_blocked",
    "king_into_check",
    "check_not_answered",
    "en_passant_exposes_king",
    "pinned",
    "king_left_in_check",
    "not_legal",
    "no_such_piece",
    "no_piece_reaches",
    "nothing_to_capture",
    "ambiguous",
    "not_a_move",
};

consteval const char* refusal(const char* code) { return checked_code(kRefusalCodes, code); }

}  // namespace qi::chess
