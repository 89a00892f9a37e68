#include "baseline_writer.hpp"

#include <algorithm>
#include <iostream>
#include <optional>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/reports/console_table.hpp"

namespace perfgate::cli {
namespace {

// A partial (--filter) refresh keeps the cases it did not re-measure: they
// did not move, and must not be shown as REMOVED.
Results remeasured_part(Results old, const Results& measured) {
  std::erase_if(old.benchmarks, [&](const BenchmarkResult& b) { return measured.find(b.name) == nullptr; });
  return old;
}

void show_movement(const std::optional<Results>& old, const Results& measured, const std::string& location,
                   bool partial) {
  if (!old) {
    std::cout << "\nperfgate: new baseline " << location << " with " << measured.benchmarks.size()
              << " benchmarks\n";
    return;
  }
  Comparison moved = compare_results(partial ? remeasured_part(*old, measured) : *old, measured);
  moved.baseline.origin = location + " (old)";
  moved.current.origin = "new measurements";
  std::cout << "\nWhat moved against the old baseline (for review; nothing is gated here):";
  print_comparison_table(std::cout, moved, std::nullopt);
}

}  // namespace

void write_baseline(BaselineStore& store, const std::vector<Results>& rounds, const BaselineWrite& how) {
  const auto review = [&](const std::optional<Results>& old, const Results& measured, const std::string& where) {
    show_movement(old, measured, where, how.refresh.partial);
  };
  const std::string location = store.write(rounds, how, review);
  if (how.dry_run) {
    std::cout << "perfgate: dry run: " << location << " left as it was\n";
    return;
  }
  std::cout << "perfgate: wrote " << location << '\n';
}

}  // namespace perfgate::cli
