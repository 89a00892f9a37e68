#include "perfgate/history/runner_change.hpp"

#include <set>

#include <nlohmann/json.hpp>

#include "perfgate/history/history_schema.hpp"

namespace perfgate::history {
namespace {

// A device as a person reads it: "slug (name)", from a run's fingerprint JSON.
std::string device_text(const std::string& fingerprint) {
  const nlohmann::json doc = nlohmann::json::parse(fingerprint, nullptr, false);
  if (!doc.is_object()) return fingerprint.substr(0, 80);
  const std::string slug = doc.value("slug", std::string());
  const std::string name = doc.value("host_cpu", doc.value("name", std::string()));
  return name.empty() || name == slug ? slug : slug + " (" + name + ")";
}

std::string joined(const std::set<std::string>& devices) {
  std::string text;
  for (const std::string& device : devices) text += (text.empty() ? "" : ", ") + device_text(device);
  return text;
}

}  // namespace

std::optional<std::string> RunnerChanges::between(const std::string& testbed, const std::string& before_commit,
                                                  const std::string& commit) {
  const auto key = std::make_tuple(testbed, before_commit, commit);
  if (const auto found = known_.find(key); found != known_.end()) return found->second;
  std::set<std::string> before, after;
  if (stored_schema_version(db_) >= 4)
    db_.for_each_row("SELECT commit_sha, fingerprint FROM runs WHERE testbed = ? AND kind = 'main' AND "
                     "commit_sha IN (?, ?) AND fingerprint IS NOT NULL",
                     {testbed, before_commit, commit}, [&](const sql::RowView& row) {
                       (row.text(0) == before_commit ? before : after).insert(std::string(row.text(1)));
                     });
  std::optional<std::string> change;
  bool shared = false;
  for (const std::string& device : before) shared = shared || after.contains(device);
  if (!before.empty() && !after.empty() && !shared) change = joined(before) + " -> " + joined(after);
  return known_[key] = change;
}

std::size_t RunnerChanges::mark(std::vector<Change>& changes) {
  std::size_t marked = 0;
  for (Change& c : changes) {
    if (c.cause != ChangeCause::code || c.shape != ChangeShape::step || !c.placed || c.before_commit.empty() ||
        c.before_commit == c.commit)
      continue;
    if (const auto devices = between(c.testbed, c.before_commit, c.commit)) {
      c.cause = ChangeCause::environment;
      c.cause_detail = "the runner changed: " + *devices;
      ++marked;
    }
  }
  return marked;
}

}  // namespace perfgate::history
