// A lobby challenge as both stores keep it: the creator's choices as one
// JSON text (column `setup`) beside the columns the stores query by.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "app/storage/store.h"

namespace qi::app {

std::string challenge_setup(const Challenge& c);

// From a row's columns: {id, secret, client, status, setup}, the times, and
// {game_id, creator_side, creator_token}. None when `setup` is unreadable.
std::optional<Challenge> challenge_from_row(const std::array<std::string, 5>& text, std::int64_t created_ms,
                                            std::int64_t expires_ms,
                                            const std::array<std::string, 3>& accepted);

}  // namespace qi::app
