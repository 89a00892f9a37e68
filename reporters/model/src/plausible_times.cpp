#include "perfgate/model/plausible_times.hpp"

#include <cstdio>
#include <optional>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

[[noreturn]] void refuse(const std::string& origin, const BenchmarkResult& b, const std::string& what, double seconds) {
  char value[32];
  std::snprintf(value, sizeof value, "%g", seconds);
  throw InputError(origin + ": benchmark " + quote_text(b.name) + ": " + what + " is " + value +
                   " s per iteration, beyond any plausible run (more than a day)");
}

void check(const std::string& origin, const BenchmarkResult& b, const std::string& what, const std::optional<double>& seconds) {
  if (seconds && *seconds > kMaxPlausibleSeconds) refuse(origin, b, what, *seconds);
}

}  // namespace

void require_plausible_times(const Results& results, const std::string& origin) {
  for (const BenchmarkResult& b : results.benchmarks) {
    for (std::size_t i = 0; i < b.samples.size(); ++i)
      if (b.samples[i] > kMaxPlausibleSeconds) refuse(origin, b, "sample " + std::to_string(i), b.samples[i]);
    if (!b.summary) continue;
    check(origin, b, "the summary's mean", b.summary->mean);
    check(origin, b, "the summary's median", b.summary->median);
    check(origin, b, "the summary's min", b.summary->min);
    check(origin, b, "the summary's max", b.summary->max);
  }
}

}  // namespace perfgate
