#include "test_database.hpp"

#include "postgres_cluster.hpp"

namespace perfgate::testing {

TestDatabase test_database(const std::string& engine, const std::filesystem::path& folder, const std::string& name) {
  if (engine != "postgresql") return {(folder / name).string(), ""};
  const PostgresCluster& cluster = PostgresCluster::shared();
  if (!cluster.running()) return {"", cluster.skip_reason()};
  return {cluster.url(), ""};
}

}  // namespace perfgate::testing
