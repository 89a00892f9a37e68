#include "perfgate/reports/case_alert.hpp"

#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

// "+12.3%, 99% interval of the ratio [1.10, 1.15], q = 1e-05".
std::string change_text(const BenchmarkComparison& b, double confidence) {
  if (!b.evidence) return printable_text(b.reason);
  return format_change(b.evidence->ratio) + ", " + confidence_label(confidence) + " interval of the ratio " +
         format_interval(*b.evidence) + ", q = " + format_probability(b.evidence->q_value);
}

CaseAlert alert(bool fails, const char* word, const Comparison& comparison, const BenchmarkComparison& b) {
  CaseAlert a{fails, word, printable_name(b.name), ""};
  a.message = printable_name(comparison.suite) + " " + a.name + ": " + change_text(b, comparison.settings.confidence);
  if (b.evidence && (b.verdict == Verdict::error || b.suspect)) a.message += "; " + printable_text(b.reason);
  a.message += "; against " + printable_text(reference_text(comparison));
  return a;
}

}  // namespace

std::vector<CaseAlert> case_alerts(const Comparison& comparison) {
  std::vector<CaseAlert> alerts;
  for (const BenchmarkComparison& b : comparison.benchmarks) {
    if (b.ignored) continue;
    if (b.verdict == Verdict::regression) alerts.push_back(alert(true, "REGRESSION", comparison, b));
    else if (b.verdict == Verdict::error) alerts.push_back(alert(true, "ERROR", comparison, b));
    else if (b.suspect) alerts.push_back(alert(false, "SUSPECT", comparison, b));
  }
  return alerts;
}

}  // namespace perfgate
