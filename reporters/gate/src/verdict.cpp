#include "perfgate/gate/verdict.hpp"

#include <array>
#include <utility>

namespace perfgate {
namespace {
constexpr std::array<std::pair<Verdict, const char*>, 9> kNames = {{
    {Verdict::regression, "REGRESSION"},
    {Verdict::error, "ERROR"},
    {Verdict::inconclusive, "INCONCLUSIVE"},
    {Verdict::improvement, "IMPROVEMENT"},
    {Verdict::added, "NEW"},
    {Verdict::removed, "REMOVED"},
    {Verdict::incomparable, "INCOMPARABLE"},
    {Verdict::skipped, "SKIPPED"},
    {Verdict::no_change, "NO_CHANGE"},
}};
}  // namespace

const char* to_string(Verdict verdict) {
  for (const auto& [v, name] : kNames)
    if (v == verdict) return name;
  return "UNKNOWN";
}

std::optional<Verdict> verdict_from_string(const std::string& text) {
  for (const auto& [v, name] : kNames)
    if (text == name) return v;
  return std::nullopt;
}

int report_rank(Verdict verdict) {
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i].first == verdict) return static_cast<int>(i);
  return static_cast<int>(kNames.size());
}

}  // namespace perfgate
