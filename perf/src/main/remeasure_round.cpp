#include "remeasure_round.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <numeric>
#include <set>

#include "case_worker.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

// What the case measured in the run: its timed iterations' time.
double measured_seconds(const BenchmarkResult& r) {
  const double per_iteration = std::accumulate(r.samples.begin(), r.samples.end(), 0.0);
  return per_iteration * static_cast<double>(std::max<std::int64_t>(r.iterations, 1));
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g s", seconds);
  return text;
}

std::string names_text(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + printable_text(n);
  return text;
}

}  // namespace

double round_deadline_seconds(const Results& run, const std::vector<std::string>& names, std::size_t repetitions,
                              double floor_seconds) {
  const std::set<std::string> wanted(names.begin(), names.end());
  double expected = 0.0;
  for (const BenchmarkResult& r : run.benchmarks)
    if (wanted.count(r.name) && !r.samples.empty())
      expected += measured_seconds(r) * static_cast<double>(repetitions) / static_cast<double>(r.samples.size());
  return std::max(floor_seconds, kRoundDeadlineMultiple * expected);
}

std::vector<BenchmarkResult> run_round(const std::vector<std::string>& round_args, const std::vector<std::string>& names,
                                       std::size_t round, double deadline_seconds, RoundTrouble& trouble) {
  WorkerCases worker = run_cases_in_worker(round_args, deadline_seconds);
  const std::string which = "re-measurement round " + std::to_string(round);
  for (const BenchmarkResult& r : worker.cases)
    if (r.error) trouble.failed.emplace(r.name, "failed in " + which + ": " + *r.error);
  if (!worker.killed_at_deadline) return std::move(worker.cases);
  const std::vector<std::string> unfinished = unfinished_cases(names, worker.cases);
  const std::string note = which + " ran past its deadline of " + seconds_text(deadline_seconds) +
                           " (the larger of --perfgate_round_deadline_floor and " +
                           std::to_string(static_cast<int>(kRoundDeadlineMultiple)) +
                           " x the time its cases measured in the run, scaled to the round's repetitions) and was "
                           "killed with its process group; kept as they stood before it: " +
                           names_text(unfinished);
  std::cerr << "perfgate: " << note << '\n';
  trouble.notes.push_back(note);
  // Its look fails with this reason (not an ERROR: the deadline is the
  // gate's, and the case may only have been slow).
  for (const std::string& n : unfinished) {
    BenchmarkResult killed;
    killed.name = n;
    killed.error = which + " ran past its deadline of " + seconds_text(deadline_seconds) + " and was killed";
    worker.cases.push_back(std::move(killed));
  }
  return std::move(worker.cases);
}

void apply_round_trouble(Comparison& comparison, const RoundTrouble& trouble) {
  for (BenchmarkComparison& c : comparison.benchmarks) {
    const auto failed = trouble.failed.find(c.name);
    if (failed == trouble.failed.end()) continue;
    c.verdict = Verdict::error;
    if (c.confirmation != Confirmation::not_needed) c.confirmation = Confirmation::unavailable;
    c.reason = failed->second;
  }
  for (const std::string& note : trouble.notes) comparison.notes.push_back(note);
}

}  // namespace perfgate
