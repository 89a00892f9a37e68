// libFuzzer target: the JUnit and Markdown writers on a Comparison built from
// the bytes: names and messages of arbitrary bytes (invalid UTF-8, control
// characters, markup), any numbers (NaN, infinities, huge, negative), any
// verdicts and flags, kernel comparisons and traces included.  The one shape
// kept is the compare stage's promise that a REGRESSION has both sides and
// evidence (the failure message reads them).
//
// Invariants checked, beyond "no crash, no sanitizer report, no exception":
//   JUnit    well-formed XML (libxml2), <testsuites> root, one <testcase> per
//            benchmark, their names distinct, no character XML forbids;
//   Markdown valid UTF-8, no C0 control character but '\n', every table row
//            ends in '|' and has as many cells as its header (a raw newline or
//            an unescaped '|' in a cell would break that).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "perfgate/gate/comparison.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/utf8.hpp"
#include "perfgate/reports/junit_writer.hpp"
#include "perfgate/reports/markdown_writer.hpp"

namespace {

using perfgate::BenchmarkComparison;
using perfgate::Comparison;

[[noreturn]] void fail(const char* what, const std::string& output) {
  std::fprintf(stderr, "fuzz_writers: invariant broken: %s\n--- output ---\n%s\n--- end ---\n", what, output.c_str());
  std::abort();
}

double number(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange(0, 9)) {
    case 0: return std::numeric_limits<double>::quiet_NaN();
    case 1: return std::numeric_limits<double>::infinity();
    case 2: return -std::numeric_limits<double>::infinity();
    case 3: return 0.0;
    case 4: return -0.0;
    case 5: return std::numeric_limits<double>::denorm_min();
    case 6: return std::numeric_limits<double>::max();
    case 7: return in.ConsumeFloatingPointInRange(-2.0, 2.0);
    case 8: return in.ConsumeFloatingPointInRange(0.0, 1e-3);
    default: return in.ConsumeFloatingPoint<double>();
  }
}

std::string text(FuzzedDataProvider& in) { return in.ConsumeRandomLengthString(64); }

perfgate::SampleSummary summary(FuzzedDataProvider& in) {
  perfgate::SampleSummary s;
  s.n = in.ConsumeIntegralInRange<std::size_t>(0, 1000);
  s.median = number(in);
  s.robust_cv = number(in);
  s.throttled = in.ConsumeIntegralInRange(-1, 100);
  s.rounds = in.ConsumeIntegralInRange<std::size_t>(0, 5);
  s.run_to_run_pct = number(in);
  return s;
}

perfgate::Evidence evidence(FuzzedDataProvider& in) {
  perfgate::Evidence e;
  e.ratio = number(in);
  e.interval_available = in.ConsumeBool();
  e.ci_low = number(in);
  e.ci_high = number(in);
  e.p_value = number(in);
  e.exact_p = in.ConsumeBool();
  e.q_value = number(in);
  return e;
}

perfgate::KernelComparison kernel(FuzzedDataProvider& in) {
  perfgate::KernelComparison k;
  k.name = text(in);
  k.verdict = static_cast<perfgate::Verdict>(in.ConsumeIntegralInRange(0, 7));
  k.reason = text(in);
  if (in.ConsumeBool()) k.baseline_median_ns = number(in);
  if (in.ConsumeBool()) k.current_median_ns = number(in);
  k.baseline_samples = in.ConsumeIntegralInRange<std::size_t>(0, 100);
  k.current_samples = in.ConsumeIntegralInRange<std::size_t>(0, 100);
  if (in.ConsumeBool()) k.evidence = evidence(in);
  k.threshold_pct = number(in);
  k.baseline_calls_per_iteration = number(in);
  k.current_calls_per_iteration = number(in);
  k.calls_changed = in.ConsumeBool();
  return k;
}

BenchmarkComparison benchmark(FuzzedDataProvider& in, const std::vector<std::string>& earlier) {
  BenchmarkComparison b;
  // Duplicate names now and then: the JUnit writer must still make them distinct.
  b.name = !earlier.empty() && in.ConsumeIntegralInRange(0, 7) == 0
               ? earlier[in.ConsumeIntegralInRange<std::size_t>(0, earlier.size() - 1)]
               : text(in);
  b.verdict = static_cast<perfgate::Verdict>(in.ConsumeIntegralInRange(0, 8));
  b.reason = text(in);
  if (in.ConsumeBool()) b.baseline = summary(in);
  if (in.ConsumeBool()) b.current = summary(in);
  if (in.ConsumeBool()) b.evidence = evidence(in);
  if (b.verdict == perfgate::Verdict::regression) {
    if (!b.baseline) b.baseline = summary(in);
    if (!b.current) b.current = summary(in);
    if (!b.evidence) b.evidence = evidence(in);
  }
  b.threshold_pct = number(in);
  b.ignored = in.ConsumeBool();
  b.measured_seconds = number(in);
  b.confirmation = static_cast<perfgate::Confirmation>(in.ConsumeIntegralInRange(0, 3));
  if (in.ConsumeBool()) b.recheck = summary(in);
  if (in.ConsumeBool()) b.recheck_evidence = evidence(in);
  for (int i = in.ConsumeIntegralInRange(0, 4); i > 0; --i) b.kernels.push_back(kernel(in));
  if (in.ConsumeBool()) {
    b.trace = perfgate::TraceInfo{text(in), in.ConsumeIntegral<std::int64_t>(), in.ConsumeIntegral<std::int64_t>()};
    b.copies.push_back({text(in), in.ConsumeIntegral<std::int64_t>(), in.ConsumeIntegral<std::int64_t>()});
  }
  return b;
}

Comparison comparison(FuzzedDataProvider& in) {
  Comparison c;
  c.suite = text(in);
  for (perfgate::RunInfo* run : {&c.baseline, &c.current}) {
    run->origin = text(in);
    run->created_utc = text(in);
    run->git_commit = text(in);
    run->device.slug = text(in);
    run->device.name = text(in);
  }
  c.comparable = in.ConsumeBool();
  c.incomparable_reason = text(in);
  c.settings.threshold_pct = number(in);
  c.settings.noise_multiplier = number(in);
  c.settings.fdr_q = number(in);
  c.settings.min_samples = in.ConsumeIntegralInRange<std::size_t>(0, 100);
  c.settings.confidence = number(in);
  const int benchmarks = in.ConsumeIntegralInRange(0, 12);
  std::vector<std::string> names;
  for (int i = 0; i < benchmarks; ++i) {
    c.benchmarks.push_back(benchmark(in, names));
    names.push_back(c.benchmarks.back().name);
  }
  if (in.ConsumeBool()) {
    perfgate::EnvironmentShift shift;
    shift.slower = in.ConsumeBool();
    shift.median_ratio = number(in);
    shift.spread_pct = number(in);
    shift.moved = in.ConsumeIntegralInRange<std::size_t>(0, 20);
    shift.compared = in.ConsumeIntegralInRange<std::size_t>(0, 20);
    c.environment_shift = shift;
  }
  for (int i = in.ConsumeIntegralInRange(0, 3); i > 0; --i) c.notes.push_back(text(in));
  for (int i = in.ConsumeIntegralInRange(0, 3); i > 0; --i) {
    perfgate::DerivedFigure f;
    f.name = text(in);
    if (in.ConsumeBool()) f.value = number(in);
    f.unit = text(in);
    f.formula = text(in);
    f.inputs.push_back(text(in));
    if (in.ConsumeBool()) f.missing = text(in);
    c.figures.push_back(f);
  }
  for (int i = in.ConsumeIntegralInRange(0, 3); i > 0; --i) {
    perfgate::Suggestion s;
    s.rule = text(in);
    s.benchmark = !names.empty() && in.ConsumeBool()
                      ? names[in.ConsumeIntegralInRange<std::size_t>(0, names.size() - 1)]
                      : text(in);
    s.priority = static_cast<perfgate::Priority>(in.ConsumeIntegralInRange(0, 3));
    s.evidence = text(in);
    s.expected_gain.factor = number(in);
    s.expected_gain.measured = in.ConsumeBool();
    s.expected_gain.text = text(in);
    s.hint = text(in);
    c.suggestions.push_back(s);
  }
  return c;
}

void no_error_output(void*, const char*, ...) {}

void check_junit(const std::string& xml, std::size_t benchmarks) {
  for (unsigned char c : xml)
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') fail("JUnit: a control character XML forbids", xml);
  xmlDocPtr doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "junit.xml", "UTF-8",
                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (!doc) fail("JUnit: not well-formed XML", xml);
  const xmlNode* root = xmlDocGetRootElement(doc);
  if (!root || xmlStrcmp(root->name, BAD_CAST "testsuites") != 0) fail("JUnit: root is not <testsuites>", xml);
  std::size_t cases = 0;
  std::set<std::string> names;
  for (const xmlNode* suite = root->children; suite; suite = suite->next) {
    if (suite->type != XML_ELEMENT_NODE || xmlStrcmp(suite->name, BAD_CAST "testsuite") != 0) continue;
    for (const xmlNode* node = suite->children; node; node = node->next) {
      if (node->type != XML_ELEMENT_NODE || xmlStrcmp(node->name, BAD_CAST "testcase") != 0) continue;
      ++cases;
      xmlChar* name = xmlGetProp(node, BAD_CAST "name");
      if (!name) fail("JUnit: a <testcase> without a name", xml);
      if (!names.insert(reinterpret_cast<const char*>(name)).second) fail("JUnit: two <testcase>s share a name", xml);
      xmlFree(name);
    }
  }
  xmlFreeDoc(doc);
  if (cases != benchmarks) fail("JUnit: not one <testcase> per benchmark", xml);
}

// '|' not escaped by a backslash, the way GitHub/GitLab split table cells.
std::size_t cell_separators(const std::string& line) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\') ++i;
    else if (line[i] == '|') ++count;
  }
  return count;
}

// "@name" in a cell would notify someone from a merge-request comment;
// markdown_cell() puts a WORD JOINER (U+2060) after the '@'.
bool has_live_mention(const std::string& row) {
  for (std::size_t at = row.find('@'); at != std::string::npos; at = row.find('@', at + 1)) {
    const bool last = at + 1 == row.size();
    if (!last && row[at + 1] != ' ' && row.compare(at + 1, 3, "\u2060") != 0) return true;
  }
  return false;
}

void check_markdown(const std::string& md) {
  if (perfgate::valid_utf8(md) != md) fail("Markdown: invalid UTF-8", md);
  for (unsigned char c : md)
    if (c < 0x20 && c != '\n') fail("Markdown: a control character", md);
  std::size_t header_cells = 0;  // 0: not in a table
  std::size_t start = 0;
  while (start < md.size()) {
    std::size_t end = md.find('\n', start);
    if (end == std::string::npos) end = md.size();
    const std::string line = md.substr(start, end - start);
    start = end + 1;
    if (line.empty() || line.front() != '|') {
      if (header_cells != 0 && !line.empty()) fail("Markdown: a table row broken over lines", md);
      header_cells = 0;
      continue;
    }
    if (line.back() != '|') fail("Markdown: a table row that does not end in '|'", md);
    if (has_live_mention(line)) fail("Markdown: a live @mention in a table row", md);
    const std::size_t cells = cell_separators(line);
    if (header_cells == 0) header_cells = cells;
    else if (cells != header_cells) fail("Markdown: a table row with more or fewer cells than its header", md);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  xmlInitParser();
  xmlSetGenericErrorFunc(nullptr, no_error_output);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const int exit_codes[] = {perfgate::kExitOk, perfgate::kExitRegression, perfgate::kExitError,
                            perfgate::kExitAllSkipped};
  const int exit_code = exit_codes[in.ConsumeIntegralInRange(0, 3)];
  const Comparison c = comparison(in);
  check_junit(perfgate::comparison_to_junit(c, exit_code), c.benchmarks.size());
  check_markdown(perfgate::comparison_to_markdown(c, exit_code));
  return 0;
}
