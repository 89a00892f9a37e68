#include "report_shards.hpp"

#include <algorithm>
#include <cctype>

#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

std::string without_spaces(std::string text) {
  std::erase_if(text, [](unsigned char c) { return std::isspace(c) != 0; });
  return text;
}

bool is_number(const std::string& text) {
  return !text.empty() && text.size() <= 9 &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

// The shard's code as its exit-code file gives it; any code perfgate never
// gives ranks as a harness error (RunOutcome::from_exit_code).
void read_exit_code(const fs::path& folder, ShardReport& shard, std::ostream& warnings) {
  const fs::path file = folder / "exit-code";
  if (!fs::is_regular_file(file)) {
    warnings << "perfgate: warning: " << printable_text(folder.string())
             << ": no exit-code (the shard stopped before its gate ended): a harness error\n";
    return;
  }
  shard.code_text = without_spaces(read_file(file));
  if (!is_number(shard.code_text)) {
    warnings << "perfgate: warning: " << printable_text(file.string()) << ": '" << printable_text(shard.code_text)
             << "' is not an exit code: a harness error\n";
    return;
  }
  shard.outcome = RunOutcome::from_exit_code(std::stoi(shard.code_text));
}

std::vector<fs::path> comparisons_in(const fs::path& folder) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder / "comparisons", ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.ends_with(".comparison.json")) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

RunOutcome ShardedRun::outcome() const {
  RunOutcome worst;
  for (const ShardReport& shard : shards) worst = worst_of(worst, shard.outcome);
  if (shards.size() < expected || shards.empty()) worst = RunOutcome(RunOutcome::Severity::error);
  return worst;
}

std::vector<fs::path> ShardedRun::comparisons() const {
  std::vector<fs::path> files;
  for (const ShardReport& shard : shards) files.insert(files.end(), shard.comparisons.begin(), shard.comparisons.end());
  return files;
}

ShardedRun read_shards(const fs::path& dir, std::size_t expected, std::ostream& warnings) {
  if (!fs::is_directory(dir))
    throw InputError(dir.string() + ": no such folder (no shard uploaded its report?)");
  ShardedRun run;
  run.expected = expected;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (!entry.is_directory()) continue;
    ShardReport shard;
    shard.name = entry.path().filename().string();
    read_exit_code(entry.path(), shard, warnings);
    shard.comparisons = comparisons_in(entry.path());
    run.shards.push_back(std::move(shard));
  }
  std::sort(run.shards.begin(), run.shards.end(),
            [](const ShardReport& a, const ShardReport& b) { return a.name < b.name; });
  if (run.shards.size() < expected)
    warnings << "perfgate: warning: " << run.shards.size() << " shard report(s) in " << printable_text(dir.string())
             << ", the matrix has " << expected << ": a missing shard is a harness error\n";
  return run;
}

std::string shards_headline(const ShardedRun& run, RunOutcome outcome) {
  std::string text = "### perfgate: " + std::to_string(run.shards.size()) + " of " + std::to_string(run.expected) +
                     " shard(s), exit code " + std::to_string(outcome.to_exit_code()) +
                     "\n\n| shard | gate exit code |\n|---|---|\n";
  for (const ShardReport& shard : run.shards) {
    const std::string code = std::to_string(shard.outcome.to_exit_code());
    // A code the file gave that is not the one ranked (5, "ok", none) is shown beside it.
    const bool shown = shard.code_text.empty() || shard.code_text == code;
    const std::string note = shown ? "" : " (exit-code: '" + printable_text(shard.code_text) + "')";
    text += "| " + printable_text(shard.name) + " | " + code + note + " |\n";
  }
  if (run.shards.size() < run.expected)
    text += "| (" + std::to_string(run.expected - run.shards.size()) + " missing) | 2 |\n";
  return text;
}

}  // namespace perfgate::cli
