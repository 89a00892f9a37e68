#include "perfgate/formats/schema_migration.hpp"

#include "perfgate/platform/errors.hpp"

namespace perfgate {

const std::vector<SchemaMigration>& results_migrations() {
  static const std::vector<SchemaMigration> migrations = {};
  return migrations;
}

nlohmann::json migrate_results(nlohmann::json doc, int target_version,
                               const std::vector<SchemaMigration>& migrations,
                               const std::string& origin) {
  const auto field = doc.find("schema_version");
  if (field == doc.end() || !field->is_number_integer())
    throw InputError(origin + ": 'schema_version' is missing or not an integer");
  const auto version = field->get<long long>();
  if (version > target_version)
    throw InputError(origin + ": schema_version " + std::to_string(version) +
                     " is newer than this perfgate reads (" + std::to_string(target_version) +
                     "); upgrade perfgate");
  if (version < 1)
    throw InputError(origin + ": schema_version " + std::to_string(version) + " is not a valid version");
  for (auto v = static_cast<int>(version); v < target_version; ++v) {
    const SchemaMigration* step = nullptr;
    for (const auto& m : migrations)
      if (m.from_version == v) step = &m;
    if (!step)
      throw InputError(origin + ": no migration from schema_version " + std::to_string(v) + " to " +
                       std::to_string(v + 1));
    doc = step->upgrade(std::move(doc));
    doc["schema_version"] = v + 1;
  }
  return doc;
}

}  // namespace perfgate
