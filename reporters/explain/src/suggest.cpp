#include "perfgate/explain/suggest.hpp"

#include <algorithm>
#include <filesystem>

#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "rules/rules.hpp"

namespace perfgate {
namespace {

}  // namespace

namespace rules {

Rule make_rule(std::string name, std::string description,
               std::function<std::vector<Suggestion>(const SuggestContext&)> find) {
  auto stamped = [name, find = std::move(find)](const SuggestContext& context) {
    std::vector<Suggestion> found = find(context);
    for (Suggestion& s : found) s.rule = name;
    return found;
  };
  return Rule{std::move(name), std::move(description), std::move(stamped)};
}

}  // namespace rules

void require_known_rules(const std::set<std::string>& disabled) {
  for (const std::string& name : disabled) {
    const bool known = std::any_of(all_rules().begin(), all_rules().end(), [&](const Rule& r) { return r.name == name; });
    if (known) continue;
    std::string names;
    for (const Rule& r : all_rules()) names += (names.empty() ? "" : ", ") + r.name;
    throw InputError("unknown suggestion rule '" + name + "' (rules: " + names + ")");
  }
}

namespace {

bool before(const Suggestion& a, const Suggestion& b) {
  if (a.priority != b.priority) return a.priority < b.priority;  // critical first
  if (a.expected_gain.factor != b.expected_gain.factor) return a.expected_gain.factor > b.expected_gain.factor;
  if (a.benchmark != b.benchmark) return a.benchmark < b.benchmark;
  return a.rule < b.rule;
}

// gpu_timing's empty kernel, latency hidden, with or without clock readings.
std::optional<double> empty_kernel(const Results& results) {
  for (const char* name : {"launch/empty_kernel/latency_hidden:1/clocks:1", "launch/empty_kernel/latency_hidden:1/clocks:0"})
    if (const BenchmarkResult* b = results.find(name))
      if (auto m = median_of(*b)) return m;
  return std::nullopt;
}

}  // namespace

std::vector<Suggestion> suggest(const SuggestContext& context, const SuggestOptions& options) {
  require_known_rules(options.disabled);
  std::vector<Suggestion> all;
  for (const Rule& rule : all_rules()) {
    if (options.disabled.count(rule.name)) continue;
    for (Suggestion& s : rule.apply(context)) all.push_back(std::move(s));
  }
  std::stable_sort(all.begin(), all.end(), before);
  return all;
}

std::set<std::string> rule_list(const std::string& comma_separated) {
  std::set<std::string> names;
  std::size_t start = 0;
  while (start <= comma_separated.size()) {
    std::size_t end = comma_separated.find(',', start);
    if (end == std::string::npos) end = comma_separated.size();
    if (end > start) names.insert(comma_separated.substr(start, end - start));
    start = end + 1;
  }
  return names;
}

std::vector<Suggestion> explain(const Results& current, const Comparison* comparison, const Results* baseline,
                                const ExplainSettings& settings) {
  const SuggestContext context{current, comparison, baseline, launch_floor(current, settings.baselines)};
  return suggest(context, {settings.disabled});
}

std::optional<double> launch_floor(const Results& results, const BaselineStore* baselines) {
  if (results.fingerprint.kind != DeviceKind::gpu) return std::nullopt;
  if (auto own = empty_kernel(results)) return own;
  if (baselines == nullptr) return std::nullopt;
  try {
    const std::optional<Results> timing = baselines->load("gpu_timing", results.fingerprint.slug);
    if (!timing) return std::nullopt;
    return empty_kernel(*timing);
  } catch (const InputError&) {
    return std::nullopt;  // advice is not worth failing a run over
  } catch (const std::filesystem::filesystem_error&) {
    return std::nullopt;  // nor is a baseline folder it cannot look into
  }
}

}  // namespace perfgate
