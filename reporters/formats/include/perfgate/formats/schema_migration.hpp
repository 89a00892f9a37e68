#pragma once
// Older results files are upgraded on load, one schema version at a time.

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace perfgate {

struct SchemaMigration {
  int from_version;  // upgrades from_version -> from_version + 1
  std::string what;  // one line for the changelog and error messages
  std::function<nlohmann::json(nlohmann::json)> upgrade;
};

// The migrations perfgate ships.  Empty while schema_version 1 is the only
// version; add one entry whenever kResultsSchemaVersion grows.
const std::vector<SchemaMigration>& results_migrations();

// Brings `doc` from its schema_version up to `target_version` with the
// given migrations.  Throws InputError("ORIGIN: problem") for a version that
// is newer than `target_version`, not a positive integer, or has no path.
nlohmann::json migrate_results(nlohmann::json doc, int target_version,
                               const std::vector<SchemaMigration>& migrations,
                               const std::string& origin);

}  // namespace perfgate
