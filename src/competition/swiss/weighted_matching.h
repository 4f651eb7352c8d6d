// A maximum weighted matching in a general graph (Edmonds' blossom
// algorithm with dual variables, O(n³)): the Dutch pairing's engine. Boost's
// maximum_weighted_matching in Debian 12's Boost 1.74 looped forever on a
// round of 30 players and leaks its blossoms, so the pairing carries its own.
#pragma once

#include <cstdint>
#include <vector>

namespace qi::competition::swiss {

// `weight[i][j]` (symmetric) is the weight of the edge between i and j, or 0
// for none; weights are positive and at most 2^60. Returns each vertex's
// partner, -1 for one left unmatched, maximising the total weight.
std::vector<int> maximum_weighted_matching(const std::vector<std::vector<std::int64_t>>& weight);

// The same with weights up to 2^124, for the Dutch pairing's criteria, which
// need more digits than 64 bits hold for a round of 200 players.
__extension__ typedef __int128 WideWeight;
std::vector<int> maximum_weighted_matching(const std::vector<std::vector<WideWeight>>& weight);

}  // namespace qi::competition::swiss
