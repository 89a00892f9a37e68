#include "perfgate/reports/gitlab_code_quality.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "perfgate/reports/case_alert.hpp"

namespace perfgate {
namespace {

// FNV-1a, 64 bits, as 16 hex digits: stable across runs and machines.
std::string fingerprint(const std::string& text) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return hex;
}

std::string check_name(const CaseAlert& alert) {
  if (alert.word == "REGRESSION") return "perfgate-regression";
  if (alert.word == "ERROR") return "perfgate-error";
  return "perfgate-suspect";
}

std::string severity(const CaseAlert& alert) {
  if (alert.word == "REGRESSION") return "major";
  if (alert.word == "ERROR") return "critical";
  return "minor";
}

// A path GitLab can place in the repository: the baseline file when the
// comparison names it relative to the repository (baselines/<device>/<suite>.json).
std::string location_of(const Comparison& comparison) {
  const std::filesystem::path origin(comparison.baseline.origin);
  const std::string text = origin.lexically_normal().generic_string();
  if (!text.empty() && origin.is_relative() && text.rfind("..", 0) != 0 && origin.extension() == ".json") return text;
  return comparison.suite;
}

}  // namespace

std::string run_to_gitlab_code_quality(const RunReport& run) {
  nlohmann::json issues = nlohmann::json::array();
  for (const SuiteReport& suite : run) {
    const std::string path = location_of(suite.comparison);
    for (const CaseAlert& alert : case_alerts(suite.comparison)) {
      const std::string check = check_name(alert);
      issues.push_back({{"description", "perfgate " + alert.word + ": " + alert.message},
                        {"check_name", check},
                        {"fingerprint", fingerprint(check + "\n" + suite.comparison.suite + "\n" + alert.name)},
                        {"severity", severity(alert)},
                        {"location", {{"path", path}, {"lines", {{"begin", 1}}}}}});
    }
  }
  return issues.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace perfgate
