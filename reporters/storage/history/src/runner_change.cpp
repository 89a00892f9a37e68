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

// Every main run's device, by testbed and commit: one scan of the runs
// (no index leads with the commit), read at the first question.
void RunnerChanges::load() {
  loaded_ = true;
  if (stored_schema_version(db_) < 4) return;  // no run kept its own device
  db_.for_each_row("SELECT DISTINCT testbed, commit_sha, fingerprint FROM runs WHERE kind = 'main' AND "
                   "fingerprint IS NOT NULL",
                   {}, [&](const sql::RowView& row) {
                     devices_[{std::string(row.text(0)), std::string(row.text(1))}].insert(std::string(row.text(2)));
                   });
}

std::optional<std::string> RunnerChanges::between(const std::string& testbed, const std::string& before_commit,
                                                  const std::string& commit) {
  if (!loaded_) load();
  const auto before = devices_.find({testbed, before_commit});
  const auto after = devices_.find({testbed, commit});
  if (before == devices_.end() || after == devices_.end()) return std::nullopt;
  for (const std::string& device : before->second)
    if (after->second.contains(device)) return std::nullopt;
  return joined(before->second) + " -> " + joined(after->second);
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
