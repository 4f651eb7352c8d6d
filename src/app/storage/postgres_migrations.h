// The PostgreSQL schema as numbered steps, as migrations.h is SQLite's: step
// n (1-based) moves a database at schema_version n-1 to n. The same tables
// as SQLite's, and the cluster's (instances, game_leases). Never edit a
// released step; add a new one.
#pragma once

#include <string_view>
#include <vector>

namespace qi::app {

const std::vector<std::string_view>& postgres_migrations();

}  // namespace qi::app
