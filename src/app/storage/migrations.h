// The database schema as numbered steps. Step n (1-based) moves a database at
// user_version n-1 to n. Never edit a released step; add a new one.
#pragma once

#include <string_view>
#include <vector>

namespace qi::app {

const std::vector<std::string_view>& schema_migrations();

}  // namespace qi::app
