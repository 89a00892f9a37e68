// batch-size: a batch-size sweep's figures (<prefix>/knee_batch,
// best_throughput, largest_batch_that_fits): use the knee; batches above it
// add little throughput for much more memory; batches that did not fit.

#include <algorithm>
#include "perfgate/model/counter_names.hpp"
#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

struct Point {
  long batch;
  const BenchmarkResult* result;  // null unless measured
  double throughput;              // samples/s = batch / median
};

constexpr std::string_view kKnee = "/knee_batch";

std::optional<long> batch_of(std::string_view name) {
  const std::string_view last = name.substr(name.rfind('/') + 1);
  long batch = 0;
  const auto [end, error] = std::from_chars(last.data(), last.data() + last.size(), batch);
  if (error != std::errc{} || end != last.data() + last.size() || batch <= 0) return std::nullopt;
  return batch;
}

// 29268 -> "29268", 4815.7 -> "4816", 95.3 -> "95.3": throughputs in full.
std::string whole(double value) {
  if (value < 1000) return format_number(value);
  char text[32];
  std::snprintf(text, sizeof text, "%.0f", value);
  return text;
}

std::string bytes(double value) {
  if (value >= 1024.0 * 1024 * 1024) return format_number(value / (1024.0 * 1024 * 1024)) + " GiB";
  return format_number(value / (1024.0 * 1024)) + " MiB";
}

bool out_of_memory(const BenchmarkResult& b) {
  return b.skipped && b.skipped->find("out of") != std::string::npos && b.skipped->find("memory") != std::string::npos;
}

std::optional<Suggestion> advise(const SuggestContext& ctx, const std::string& prefix, const DerivedFigure& knee_figure) {
  const DerivedFigure* best_figure = ctx.figure(prefix + "/best_throughput");
  const DerivedFigure* largest_figure = ctx.figure(prefix + "/largest_batch_that_fits");
  std::vector<Point> points;
  std::vector<long> did_not_fit;
  for (const std::string& input : knee_figure.inputs) {
    const auto batch = batch_of(input);
    if (!batch) continue;
    if (const BenchmarkResult* b = ctx.find_current(input); b && out_of_memory(*b)) did_not_fit.push_back(*batch);
    if (const auto m = ctx.median(input); m && *m > 0) points.push_back({*batch, ctx.measured(input), *batch / *m});
  }
  std::sort(did_not_fit.begin(), did_not_fit.end());
  const long knee = static_cast<long>(*knee_figure.value);
  const Point* at_knee = nullptr;
  const Point* smallest = nullptr;
  const Point* fastest = nullptr;
  const Point* largest = nullptr;
  for (const Point& p : points) {
    if (p.batch == knee) at_knee = &p;
    if (!smallest || p.batch < smallest->batch) smallest = &p;
    if (!fastest || p.throughput > fastest->throughput) fastest = &p;
    if (!largest || p.batch > largest->batch) largest = &p;
  }
  if (!at_knee) return std::nullopt;  // only advise on a measured case
  const double best = best_figure ? *best_figure->value : fastest->throughput;
  const long largest_batch = largest_figure ? static_cast<long>(*largest_figure->value) : largest->batch;

  Suggestion s;
  s.benchmark = at_knee->result->name;
  s.priority = Priority::medium;
  s.evidence = "batch " + std::to_string(knee) + ": " + whole(at_knee->throughput) + " samples/s, " +
               format_number(100.0 * at_knee->throughput / best) + "% of the best (" + whole(best) + " samples/s at batch " +
               std::to_string(fastest->batch) + "); the largest batch that fits: " + std::to_string(largest_batch);
  if (largest_batch > knee) {
    s.evidence += "; batches above " + std::to_string(knee) + " add at most " + format_number(best / at_knee->throughput) +
                  "x throughput";
    const Point* top = largest->batch == largest_batch ? largest : nullptr;
    const auto memory_knee = number(*at_knee->result, counter::kDeviceMemoryPeakBytes);
    const auto memory_top = top ? number(*top->result, counter::kDeviceMemoryPeakBytes) : std::nullopt;
    if (memory_knee && memory_top)
      s.evidence += " while device memory grows from " + bytes(*memory_knee) + " to " + bytes(*memory_top) + " (batch " +
                    std::to_string(largest_batch) + ")";
  }
  if (!did_not_fit.empty()) {
    s.evidence += "; out of device memory from batch " + std::to_string(did_not_fit.front());
    if (ctx.current.fingerprint.memory_bytes > 0)
      s.evidence += " (" + bytes(static_cast<double>(ctx.current.fingerprint.memory_bytes)) + " on this device)";
  }
  s.expected_gain.factor = smallest->throughput > 0 ? best / smallest->throughput : 0.0;
  s.expected_gain.measured = true;
  s.expected_gain.text = "batch " + std::to_string(knee) + " runs " + whole(at_knee->throughput) + " samples/s, " +
                         format_number(at_knee->throughput / smallest->throughput) + "x batch " +
                         std::to_string(smallest->batch);
  s.hint = "Use batch " + std::to_string(knee) + ": larger batches buy little throughput for more memory and latency";
  if (!did_not_fit.empty())
    s.hint += "; batches of " + std::to_string(did_not_fit.front()) + " and more do not fit in device memory here";
  s.hint += ".";
  return s;
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  for (const DerivedFigure& f : ctx.current.figures) {
    if (!f.value || !std::string_view(f.name).ends_with(kKnee)) continue;
    const std::string prefix = f.name.substr(0, f.name.size() - kKnee.size());
    if (auto s = advise(ctx, prefix, f)) out.push_back(std::move(*s));
  }
  return out;
}

}  // namespace

Rule batch_size() {
  return make_rule("batch-size", "a batch-size sweep's knee, the largest batch that fits, and what lies past the knee", apply);
}

}  // namespace perfgate::rules
