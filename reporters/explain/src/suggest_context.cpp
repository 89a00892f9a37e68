#include "perfgate/explain/suggest_context.hpp"
#include "perfgate/model/counter_names.hpp"

#include <cstdio>

#include "perfgate/stats/summary.hpp"

namespace perfgate {

namespace {

const SuggestContext::NameIndex& built(const SuggestContext& ctx) {
  SuggestContext::NameIndex& index = ctx.index;
  if (index.built) return index;
  // emplace keeps the first of equal names, as a front-to-back scan found it.
  index.current.reserve(ctx.current.benchmarks.size());
  for (const BenchmarkResult& b : ctx.current.benchmarks) index.current.emplace(b.name, &b);
  if (ctx.baseline) {
    index.baseline.reserve(ctx.baseline->benchmarks.size());
    for (const BenchmarkResult& b : ctx.baseline->benchmarks) index.baseline.emplace(b.name, &b);
  }
  for (const DerivedFigure& f : ctx.current.figures)
    if (f.value) index.figures.emplace(f.name, &f);
  index.built = true;
  return index;
}

template <typename Map>
auto lookup(const Map& map, std::string_view name) -> typename Map::mapped_type {
  const auto it = map.find(name);
  return it == map.end() ? nullptr : it->second;
}

}  // namespace

const BenchmarkResult* SuggestContext::find_current(std::string_view name) const { return lookup(built(*this).current, name); }

const BenchmarkResult* SuggestContext::find_baseline(std::string_view name) const {
  return lookup(built(*this).baseline, name);
}

const BenchmarkResult* SuggestContext::measured(std::string_view name) const {
  const BenchmarkResult* b = find_current(name);
  return b && b->measured() && !b->samples.empty() ? b : nullptr;
}

std::optional<double> SuggestContext::median(std::string_view name) const {
  const BenchmarkResult* b = measured(name);
  return b ? median_of(*b) : std::nullopt;
}

const DerivedFigure* SuggestContext::figure(std::string_view name) const { return lookup(built(*this).figures, name); }

bool SuggestContext::launch_dominated(double median_s) const {
  return launch_floor_s && *launch_floor_s > 0 && current.fingerprint.kind == DeviceKind::gpu &&
         median_s < kLaunchBoundFloors * *launch_floor_s;
}

std::optional<double> median_of(const BenchmarkResult& b) {
  if (!b.measured() || b.samples.empty()) return std::nullopt;
  return stats::median(b.samples);
}

std::optional<double> number(const BenchmarkResult& b, std::string_view counter) {
  const auto it = b.counters.find(std::string(counter));
  if (it == b.counters.end()) return std::nullopt;
  if (const double* v = std::get_if<double>(&it->second)) return *v;
  return std::nullopt;
}

std::optional<std::string> label(const BenchmarkResult& b, std::string_view counter) {
  const auto it = b.counters.find(std::string(counter));
  if (it == b.counters.end()) return std::nullopt;
  if (const std::string* v = std::get_if<std::string>(&it->second)) return *v;
  return std::nullopt;
}

std::optional<Precision> declared_precision(const BenchmarkResult& b) {
  if (const auto text = label(b, counter::kPrecision)) return precision_from_string(*text);
  if (const auto code = number(b, "perfgate_precision"))
    for (Precision p : kAllPrecisions)
      if (static_cast<double>(p) == *code) return p;
  return std::nullopt;
}

std::optional<std::string> sibling(std::string_view name, std::string_view from, std::string_view to) {
  std::string out;
  bool replaced = false;
  std::size_t start = 0;
  while (start <= name.size()) {
    std::size_t end = name.find('/', start);
    if (end == std::string_view::npos) end = name.size();
    const std::string_view segment = name.substr(start, end - start);
    if (!out.empty() || start > 0) out += '/';
    if (segment == from) {
      out += to;
      replaced = true;
    } else {
      out += segment;
    }
    start = end + 1;
  }
  if (!replaced) return std::nullopt;
  return out;
}

bool has_segment(std::string_view name, std::string_view segment) { return sibling(name, segment, segment).has_value(); }

}  // namespace perfgate

namespace perfgate::rules {

std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

std::string signed_percent(double old_value, double new_value) {
  const double pct = (new_value / old_value - 1.0) * 100.0;
  return (pct >= 0 ? "+" : "") + format_number(pct) + "%";
}

std::string precision_name(Precision precision) {
  std::string text = to_string(precision);
  for (char& c : text) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return text;
}

}  // namespace perfgate::rules
