// JSON text -> validated Results.  Every rejection is an InputError whose
// message is "ORIGIN: where: problem" on one line.

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <exception>
#include <memory>
#include <future>
#include <limits>
#include <set>
#include <string_view>

#include <nlohmann/json.hpp>

#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/model/benchmark_name.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/model/long_text.hpp"
#include "perfgate/formats/nvbench_import.hpp"
#include "nvbench_stream.hpp"
#include "perfgate/model/plausible_times.hpp"
#include "perfgate/model/suite_name.hpp"
#include "perfgate/formats/results_io.hpp"
#include "perfgate/formats/schema_migration.hpp"
#include "gbench_import.hpp"
#include "json_document_scanner.hpp"
#include "json_part_parser.hpp"
#include "json_reader.hpp"

namespace perfgate {
namespace {

using detail::Json;
using detail::parse_json;
using detail::read_fingerprint;
using detail::read_samples;

// Sample counts per pooled run; they must add up to the samples.
std::vector<std::size_t> read_rounds(const ObjectReader& r, std::size_t sample_count) {
  const Json* j = r.find("rounds");
  if (!j) return {};
  if (!j->is_array()) r.fail("'rounds' is not an array");
  std::vector<std::size_t> rounds;
  std::size_t total = 0;
  for (const Json& count : *j) {
    if (!count.is_number_unsigned() || count.get<std::size_t>() == 0) r.fail("'rounds' holds a count that is not a positive integer");
    rounds.push_back(count.get<std::size_t>());
    total += rounds.back();
  }
  if (total != sample_count)
    r.fail("'rounds' add up to " + std::to_string(total) + " samples, not the " + std::to_string(sample_count) + " there are");
  return rounds;
}

std::optional<double> optional_time(const ObjectReader& s, const char* key) {
  if (!s.find(key)) return std::nullopt;
  return s.number(key, 0.0);
}

// What is left of samples that only a summary was kept of (NVBench JSON
// without its sample files): the gate judges from these numbers instead.
std::optional<SampleStatistics> read_summary(const ObjectReader& r, const std::string& name, bool has_samples) {
  const Json* j = r.find("summary");
  if (!j) return std::nullopt;
  if (has_samples) r.fail("has both 'samples' and a 'summary' of them (one or the other)");
  const ObjectReader s(*j, r.origin(), "benchmark " + quote_text(name) + ": summary:");
  const Json& count = s.require("count");
  if (!count.is_number_unsigned() || count.get<std::uint64_t>() == 0) s.fail("'count' is not a positive whole number");
  SampleStatistics stats;
  stats.count = count.get<std::size_t>();
  stats.mean = s.number("mean", 0.0, true);
  stats.stdev = s.number("stdev", 0.0, true);
  stats.median = optional_time(s, "median");
  stats.min = optional_time(s, "min");
  stats.max = optional_time(s, "max");
  if (const auto problem = summary_problem(stats)) s.fail(*problem);
  return stats;
}

std::map<std::string, CounterValue> read_counters(const ObjectReader& r) {
  std::map<std::string, CounterValue> counters;
  const Json* j = r.find("counters");
  if (!j) return counters;
  if (!j->is_object()) r.fail("'counters' is not an object");
  for (const auto& [name, value] : j->items()) {
    if (value.is_number()) counters[name] = value.get<double>();
    else if (value.is_string()) counters[name] = value.get<std::string>();
    else if (!value.is_null()) r.fail("counter " + quote_text(name) + " is neither a number nor a string");
  }
  return counters;
}

// Per-launch durations: finite, non-negative, and not more than the writer keeps.
std::vector<double> read_kernel_samples(const ObjectReader& kr) {
  std::vector<double> samples;
  const Json* j = kr.find("samples_ns");
  if (!j) return samples;
  if (!j->is_array()) kr.fail("'samples_ns' is not an array");
  if (j->size() > kMaxKernelSamples)
    kr.fail("'samples_ns' has " + std::to_string(j->size()) + " values (at most " +
            std::to_string(kMaxKernelSamples) + ")");
  for (const Json& v : *j) {
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
      kr.fail("'samples_ns' holds a value that is not a non-negative number");
    samples.push_back(v.get<double>());
  }
  return samples;
}

std::vector<KernelSummary> read_kernels(const ObjectReader& r) {
  std::vector<KernelSummary> kernels;
  const Json* j = r.find("kernels");
  if (!j) return kernels;
  if (!j->is_array()) r.fail("'kernels' is not an array");
  for (const Json& k : *j) {
    const ObjectReader kr(k, r.origin(), "kernel entry");
    KernelSummary summary;
    summary.name = kr.string("name", true);
    summary.calls = kr.integer("calls");
    const Json* median = kr.find("median_ns");
    if (median && (!median->is_number() || !std::isfinite(median->get<double>()) || median->get<double>() < 0))
      kr.fail("'median_ns' is not a non-negative number");
    summary.median_ns = median ? median->get<double>() : 0.0;
    summary.samples_ns = read_kernel_samples(kr);
    kernels.push_back(std::move(summary));
  }
  return kernels;
}

// A kernel's counts: each a finite, non-negative number.
std::map<std::string, double> read_kernel_count_values(const ObjectReader& kr) {
  std::map<std::string, double> counts;
  const Json* j = kr.find("counts");
  if (!j) return counts;
  if (!j->is_object()) kr.fail("'counts' is not an object");
  for (const auto& [name, value] : j->items()) {
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0)
      kr.fail("count " + quote_text(name) + " is not a non-negative number");
    counts[name] = value.get<double>();
  }
  return counts;
}

std::vector<KernelCounts> read_kernel_counts(const ObjectReader& r) {
  std::vector<KernelCounts> kernels;
  const Json* j = r.find("kernel_counts");
  if (!j) return kernels;
  if (!j->is_array()) r.fail("'kernel_counts' is not an array");
  for (const Json& k : *j) {
    const ObjectReader kr(k, r.origin(), "kernel_counts entry");
    KernelCounts counted;
    counted.name = kr.string("name", true);
    const Json* launches = kr.find("launches_per_iteration");
    if (!launches || !launches->is_number() || !std::isfinite(launches->get<double>()) || launches->get<double>() < 0)
      kr.fail("'launches_per_iteration' is not a non-negative number");
    counted.launches_per_iteration = launches->get<double>();
    counted.counts = read_kernel_count_values(kr);
    kernels.push_back(std::move(counted));
  }
  return kernels;
}

std::vector<CopySummary> read_copies(const ObjectReader& r) {
  std::vector<CopySummary> copies;
  const Json* j = r.find("copies");
  if (!j) return copies;
  if (!j->is_array()) r.fail("'copies' is not an array");
  for (const Json& c : *j) {
    const ObjectReader cr(c, r.origin(), "copy entry");
    copies.push_back({cr.string("direction", true), cr.integer("count"), cr.integer("bytes")});
  }
  return copies;
}

std::optional<TraceInfo> read_trace(const ObjectReader& r) {
  const Json* j = r.find("trace");
  if (!j) return std::nullopt;
  const ObjectReader tr(*j, r.origin(), "trace");
  return TraceInfo{tr.string("path"), tr.integer("iterations"), tr.integer("dropped_records")};
}

GateOverride read_gate(const ObjectReader& r) {
  GateOverride gate;
  const Json* j = r.find("gate");
  if (!j) return gate;
  const ObjectReader g(*j, r.origin(), "gate override");
  if (const Json* t = g.find("threshold_pct")) {
    if (!t->is_number() || !(t->get<double>() > 0) || !std::isfinite(t->get<double>()))
      r.fail("gate.threshold_pct is not a positive number");
    gate.threshold_pct = t->get<double>();
  }
  gate.ignore = g.boolean("ignore");
  if (g.find("reason")) gate.reason = g.string("reason");
  if (g.find("measure")) {
    gate.measure = parse_gate_measure(g.string("measure"));
    if (!gate.measure) r.fail("gate.measure is not \"time\", \"counts\" or \"both\"");
  }
  if (const Json* t = g.find("count_threshold_pct")) {
    if (!t->is_number() || !(t->get<double>() > 0) || !std::isfinite(t->get<double>()))
      r.fail("gate.count_threshold_pct is not a positive number");
    gate.count_threshold_pct = t->get<double>();
  }
  return gate;
}

std::vector<std::string> read_figure_inputs(const ObjectReader& r) {
  const Json* j = r.find("inputs");
  if (!j) return {};
  if (!j->is_array()) r.fail("'inputs' is not an array");
  std::vector<std::string> inputs;
  for (const Json& name : *j) {
    if (!name.is_string()) r.fail("'inputs' holds something that is not a case name (a string)");
    inputs.push_back(name.get<std::string>());
  }
  return inputs;
}

DerivedFigure read_figure(const Json& j, std::size_t index, const std::string& origin) {
  const ObjectReader first(j, origin, "figures[" + std::to_string(index) + "]");
  DerivedFigure f;
  f.name = first.string("name", true);
  if (f.name.empty()) first.fail("has an empty name");
  const ObjectReader r(j, origin, "figure " + quote_text(f.name) + ":");
  if (r.find("value")) f.value = r.number("value", -std::numeric_limits<double>::max());
  f.unit = r.string("unit");
  f.formula = r.string("formula");
  f.inputs = read_figure_inputs(r);
  if (r.find("missing")) f.missing = r.string("missing");
  return f;
}

// Optional: figures are derived from the benchmarks, so older files and
// pooled baselines have none.
std::vector<DerivedFigure> read_figures(const ObjectReader& r) {
  const Json* j = r.find("figures");
  if (!j) return {};
  if (!j->is_array()) r.fail("'figures' is not an array");
  std::vector<DerivedFigure> figures;
  for (std::size_t i = 0; i < j->size(); ++i) figures.push_back(read_figure((*j)[i], i, r.origin()));
  return figures;
}

BenchmarkResult read_benchmark(const Json& j, std::size_t index, const std::string& origin) {
  const ObjectReader first(j, origin, "benchmarks[" + std::to_string(index) + "]");
  BenchmarkResult b;
  b.name = first.string("name", true);
  if (auto problem = benchmark_name_problem(b.name))
    first.fail("has an unusable name " + quote_text(b.name) + ": " + *problem);
  const ObjectReader r(j, origin, "benchmark " + quote_text(b.name) + ":");
  b.unit = r.string("unit");
  if (b.unit.empty()) b.unit = "s";
  if (b.unit != "s") r.fail("unit " + quote_text(b.unit) + " is not supported (samples are seconds, unit \"s\")");
  b.samples = read_samples(r);
  b.summary = read_summary(r, b.name, !b.samples.empty());
  b.rounds = read_rounds(r, b.samples.size());
  b.throttled_samples = r.small_integer("throttled_samples");
  b.iterations = r.integer("iterations");
  b.counters = read_counters(r);
  b.kernels = read_kernels(r);
  b.copies = read_copies(r);
  b.trace = read_trace(r);
  b.kernel_counts = read_kernel_counts(r);
  b.gate = read_gate(r);
  if (r.find("error")) b.error = r.string("error");
  if (r.find("skipped")) b.skipped = r.string("skipped");
  if (b.samples.empty() && !b.summary && b.measured())
    r.fail("has no samples and no summary of them (and is not marked as an error or skipped)");
  return b;
}

// What a results document says besides its benchmarks and figures: the
// suite, when, from what source, on which device.
Results read_head(const ObjectReader& r, const std::string& origin) {
  Results results;
  results.schema_version = kResultsSchemaVersion;
  results.suite = r.string("suite", true);
  // The suite names files and baselines: a results file from a fork's CI
  // must not point outside its folder (docs/design.md, "What perfgate trusts").
  if (const auto problem = suite_name_problem(results.suite)) r.fail("suite " + quote_text(results.suite) + " " + *problem);
  results.created_utc = r.string("created_utc");
  if (const Json* source = r.find("source")) {
    const ObjectReader s(*source, origin, "source");
    results.source.git_commit = s.string("git_commit");
    results.source.git_dirty = s.boolean("git_dirty");
    results.source.command = s.string("command");
    results.source.perfgate_version = s.string("perfgate_version");
  }
  results.fingerprint = read_fingerprint(r.require("fingerprint"), origin);
  return results;
}

// The benchmarks in order, each name once.
class BenchmarkList {
 public:
  BenchmarkList(Results& results, const ObjectReader& document) : results_(results), document_(document) {}
  void add(const Json& benchmark) {
    BenchmarkResult b = read_benchmark(benchmark, results_.benchmarks.size(), document_.origin());
    if (!seen_.insert(b.name).second) document_.fail("benchmark " + quote_text(b.name) + " appears more than once");
    results_.benchmarks.push_back(std::move(b));
  }

 private:
  Results& results_;
  const ObjectReader& document_;
  std::set<std::string> seen_;
};

Results read_results(const Json& doc, const std::string& origin) {
  const ObjectReader r(doc, origin, "");
  Results results = read_head(r, origin);
  const Json& benchmarks = r.require("benchmarks");
  if (!benchmarks.is_array()) r.fail("'benchmarks' is not an array");
  BenchmarkList list(results, r);
  for (const Json& b : benchmarks) list.add(b);
  results.figures = read_figures(r);
  return results;
}

// perfgate's own results at this schema version, laid out as perfgate
// writes them (schema, schema_version, then the head, then benchmarks, then
// figures), read one benchmark at a time: each is parsed by simdjson and
// read by the same reader as a whole document's. nullopt where the
// document is laid out otherwise (another version, which is migrated whole;
// a head member after the benchmarks), which is then read whole: every
// complaint is the whole-document reader's.
std::optional<Results> read_results_streaming(detail::JsonDocumentScanner& scanner, detail::JsonPartParser& parse) {
  const std::string& origin = scanner.origin();
  const auto member = [&](const std::string& key) { return parse.as_json(scanner.value(), scanner.part_position(), key); };
  if (member("schema") != kResultsSchema || scanner.next_key() != "schema_version" ||
      member("schema_version") != kResultsSchemaVersion)
    return std::nullopt;
  Json head = Json::object();
  const ObjectReader document(head, origin, "");
  std::optional<Results> results;
  std::optional<BenchmarkList> list;
  while (const std::optional<std::string> key = scanner.next_key()) {
    if (results && *key != "figures") return std::nullopt;  // only figures follow the benchmarks
    if (*key != "benchmarks" || results) {
      head[*key] = member(*key);
      continue;
    }
    if (!head.contains("suite") || !head.contains("fingerprint")) return std::nullopt;
    results = read_head(document, origin);
    if (scanner.value_kind() != '[') document.fail("'benchmarks' is not an array");
    scanner.enter_array();
    list.emplace(*results, document);
    while (const std::optional<std::string_view> element = scanner.next_element())
      list->add(parse.as_json(*element, scanner.part_position(), "benchmarks", results->benchmarks.size()));
  }
  if (!results) return std::nullopt;
  results->figures = read_figures(document);
  return results;
}

}  // namespace

namespace {

// Scanners of text in memory, and of an open file from its start (each
// call rewinds it: NVBench JSON is read in two passes).
detail::ScannerOpener text_scanner(std::string_view text, const std::string& origin, std::size_t max_part_bytes) {
  return [=] { return std::make_unique<detail::JsonDocumentScanner>(text, origin, max_part_bytes); };
}

detail::ScannerOpener file_scanner(int fd, const std::string& origin) {
  return [=] {
    if (::lseek(fd, 0, SEEK_SET) != 0)
      throw InputError(origin + ": cannot read it again from its start: " + std::strerror(errno));
    return std::make_unique<detail::JsonDocumentScanner>(fd, origin, detail::kMaxInputBytes, detail::kMaxPartBytes);
  };
}

// Google Benchmark JSON (its first member "context", as Google Benchmark
// writes it), NVBench JSON (first "meta" or "devices") and perfgate's own
// results (first "schema") are read as they stream from the scanner `open`
// gives, one part at a time; nullopt for any other document, which is then
// read whole.  A document that does not even start as a JSON object is
// refused by the scanner (a file), or left to the whole-document reader
// (text already in memory), which words that complaint as it always has.
std::optional<Results> read_streaming(const detail::ScannerOpener& open, bool refuse_here) {
  const std::unique_ptr<detail::JsonDocumentScanner> scanner = open();
  std::optional<std::string> first_key;
  try {
    first_key = scanner->next_key();
  } catch (const InputError&) {
    if (refuse_here) throw;  // a file is not read whole to be refused: a 1 GB file of zeros stops at its first byte
    return std::nullopt;
  }
  detail::JsonPartParser parse(scanner->origin());
  if (first_key == "context") return detail::import_gbench(*scanner, parse);
  if (first_key == "schema") return read_results_streaming(*scanner, parse);
  if (first_key == "meta" || first_key == "devices") return detail::import_nvbench(*scanner, *first_key, open, parse);
  return std::nullopt;
}

// A top-level object with "benchmarks" and "context" and no "schema".
bool is_gbench_json(const Json& doc) {
  return doc.is_object() && doc.contains("benchmarks") && doc.contains("context") && !doc.contains("schema");
}

Results parse_any_format(const std::string& text, const std::string& origin) {
  Json doc = parse_json(text, origin);
  if (is_gbench_json(doc)) {
    // Its first member is not "context" (a writer that sorts keys): laid out
    // as Google Benchmark writes it and read as every such file is.
    const std::string laid_out = "{\"context\": " + doc["context"].dump() + ", \"benchmarks\": " + doc["benchmarks"].dump() + "}";
    return *read_streaming(text_scanner(laid_out, origin, laid_out.size() + 1), true);
  }
  if (is_nvbench_json(doc)) return import_nvbench(doc, origin);
  if (!doc.is_object()) throw InputError(origin + ": is not a JSON object");
  const auto schema = doc.find("schema");
  if (schema == doc.end() || *schema != kResultsSchema)
    throw InputError(origin + ": not a perfgate results file (no \"schema\": \"" + kResultsSchema +
                     "\"), not Google Benchmark JSON and not NVBench JSON");
  doc = migrate_results(std::move(doc), kResultsSchemaVersion, results_migrations(), origin);
  return read_results(doc, origin);
}

Results checked(Results results, const std::string& origin) {
  require_plausible_times(results, origin);  // whatever format: 1e306 s is no measurement
  cut_long_texts(results);                    // a 5 MB message is not copied into every report
  results.origin = origin;
  return results;
}

}  // namespace

Results parse_results(const std::string& text, const std::string& origin) {
  std::optional<Results> results = read_streaming(text_scanner(text, origin, detail::kMaxPartBytes), false);
  return checked(results ? std::move(*results) : parse_any_format(text, origin), origin);
}

namespace {

// An open file read as it streams, else whole.
Results load_file(int fd, const std::string& origin) {
  if (std::optional<Results> results = read_streaming(file_scanner(fd, origin), true))
    return checked(std::move(*results), origin);
  if (::lseek(fd, 0, SEEK_SET) != 0) throw InputError(origin + ": cannot read it again from its start: " + std::strerror(errno));
  return parse_results(read_rest(fd, origin), origin);
}

// Standard input read as it streams, its blocks copied aside for a second
// read (input_file.hpp); read whole where no copy can be kept.
Results load_standard_input() {
  const std::string origin = input_name("-");
  RereadableStandardInput input;
  if (!input.rereadable()) return parse_results(read_input("-"), origin);
  bool first = true;
  const detail::ScannerOpener open = [&] {
    const int copy = first ? input.copy_fd() : -1;
    const int fd = first ? STDIN_FILENO : input.rewind();
    first = false;
    return std::make_unique<detail::JsonDocumentScanner>(fd, origin, detail::kMaxInputBytes, detail::kMaxPartBytes, copy);
  };
  if (std::optional<Results> results = read_streaming(open, true)) return checked(std::move(*results), origin);
  return parse_results(read_rest(input.rewind(), origin), origin);
}

}  // namespace

Results load_results(const std::filesystem::path& file) {
  if (is_standard_input(file)) return load_standard_input();  // "-"
  const detail::InputFile input(file);
  return load_file(input.fd(), input_name(file));
}

std::pair<Results, Results> load_results_pair(const std::filesystem::path& first, const std::filesystem::path& second) {
  std::future<Results> first_loaded = std::async(std::launch::async, [&first] { return load_results(first); });
  std::exception_ptr second_failed;
  Results second_results;
  try {
    second_results = load_results(second);
  } catch (...) {
    second_failed = std::current_exception();
  }
  Results first_results = first_loaded.get();  // rethrows the first file's error before the second's
  if (second_failed) std::rethrow_exception(second_failed);
  return {std::move(first_results), std::move(second_results)};
}

}  // namespace perfgate
