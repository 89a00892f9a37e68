#include "main/callgrind_dumps.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "perfgate/model/counter_names.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

// The sum of the events named, nullopt when the dumps hold none of them.
std::optional<double> sum_of(const CallgrindDump& dump, const std::vector<const char*>& names) {
  double sum = 0.0;
  bool any = false;
  for (const char* name : names)
    if (const auto it = dump.events.find(name); it != dump.events.end()) {
      sum += static_cast<double>(it->second);
      any = true;
    }
  return any ? std::optional<double>(sum) : std::nullopt;
}

}  // namespace

std::optional<CallgrindDump> read_callgrind_dump(const std::string& text) {
  CallgrindDump dump;
  std::vector<std::string> names, values;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (starts_with(line, "part: ")) dump.part = std::atoi(line.c_str() + 6);
    else if (starts_with(line, "desc: Trigger: ")) dump.trigger = line.substr(15);
    else if (starts_with(line, "events: ")) names = words(line.substr(8));
    else if (starts_with(line, "summary: ")) values = words(line.substr(9));
  }
  if (names.empty() || names.size() != values.size()) return std::nullopt;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& value = values[i];
    if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    dump.events[names[i]] = std::stoull(value);
  }
  return dump;
}

std::string case_marker(const std::string& name, const std::vector<std::int64_t>& iterations) {
  std::string marker = kCaseMarkerPrefix;
  for (std::size_t i = 0; i < iterations.size(); ++i) marker += (i > 0 ? "," : "") + std::to_string(iterations[i]);
  return marker + " " + name;
}

namespace {

// The iterations and the name a marker's trigger holds; nullopt for any other dump.
std::optional<std::pair<std::vector<std::int64_t>, std::string>> read_marker(const std::string& trigger) {
  const std::string prefix = std::string("Client Request: ") + kCaseMarkerPrefix;
  if (!starts_with(trigger, prefix)) return std::nullopt;
  const std::size_t space = trigger.find(' ', prefix.size());
  if (space == std::string::npos) return std::nullopt;
  std::vector<std::int64_t> iterations;
  std::istringstream counts(trigger.substr(prefix.size(), space - prefix.size()));
  for (std::string count; std::getline(counts, count, ',');) {
    if (count.empty() || count.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    iterations.push_back(std::stoll(count));
  }
  return std::make_pair(std::move(iterations), trigger.substr(space + 1));
}

}  // namespace

std::map<std::string, std::vector<CallgrindDump>> loop_dumps_by_case(std::vector<CallgrindDump> dumps) {
  std::sort(dumps.begin(), dumps.end(), [](const CallgrindDump& a, const CallgrindDump& b) { return a.part < b.part; });
  std::map<std::string, std::vector<CallgrindDump>> by_case;
  std::vector<CallgrindDump> pending;
  for (CallgrindDump& dump : dumps) {
    if (dump.trigger.find("FinishKeepRunning") != std::string::npos) {
      pending.push_back(std::move(dump));
      continue;
    }
    const auto marker = read_marker(dump.trigger);
    if (!marker) continue;
    const auto& [iterations, name] = *marker;
    if (iterations.size() <= pending.size()) {
      std::vector<CallgrindDump>& loops = by_case[name];
      const std::size_t first = pending.size() - iterations.size();  // the search's runs come before
      for (std::size_t r = 0; r < iterations.size(); ++r) {
        loops.push_back(std::move(pending[first + r]));
        loops.back().iterations = iterations[r];
      }
    }
    pending.clear();
  }
  return by_case;
}

std::map<std::string, double> counted_counters(const std::vector<CallgrindDump>& loops) {
  std::map<std::string, double> counters;
  if (loops.size() < 2) return counters;
  const std::vector<CallgrindDump> counted(loops.begin() + 1, loops.end());  // the first warms up
  // Each counter and the events whose sum it is.
  static const std::vector<std::pair<std::string, std::vector<const char*>>> measures = {
      {counter::kInstructions, {"Ir"}},
      {counter::kL1Misses, {"I1mr", "D1mr", "D1mw"}},
      {counter::kBranchMispredicts, {"Bcm", "Bim"}}};
  for (const auto& [counter, events] : measures) {
    std::vector<double> values;
    for (const CallgrindDump& dump : counted)
      if (const auto value = sum_of(dump, events); value && dump.iterations > 0)
        values.push_back(*value / static_cast<double>(dump.iterations));
    if (values.size() != counted.size()) continue;
    counters[counter] = stats::median(values);
    if (counter == counter::kInstructions && counters[counter] > 0.0) {
      const auto [low, high] = std::minmax_element(values.begin(), values.end());
      counters[counter::kInstructionsSpreadPct] = (*high - *low) / counters[counter] * 100.0;
    }
  }
  return counters;
}

}  // namespace perfgate
