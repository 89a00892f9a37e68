#include "bisect/bisect_report.hpp"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace {

std::string short_id(const std::string& commit) { return commit.substr(0, 12); }

// "x2.98 [2.90, 3.05]": a ratio and its interval.
std::string ratio_text(const RatioEvidence& e) {
  char text[96];
  if (e.interval)
    std::snprintf(text, sizeof text, "x%.3f [%.3f, %.3f]", e.ratio, e.ci_low, e.ci_high);
  else
    std::snprintf(text, sizeof text, "x%.3f (no interval)", e.ratio);
  return text;
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f s", seconds);
  return text;
}

std::string side_text(Carries carries) {
  switch (carries) {
    case Carries::yes: return "with the change";
    case Carries::no: return "without it";
    case Carries::unclear: return "cannot tell";
    case Carries::untestable: return "skipped";
  }
  return "";
}

nlohmann::json commit_json(const BisectReport& r, std::size_t index) {
  return {{"commit", r.commits[index]}, {"subject", index < r.subjects.size() ? r.subjects[index] : ""}};
}

nlohmann::json ratio_json(const RatioEvidence& e) {
  using nlohmann::json;
  return {{"ratio", std::isfinite(e.ratio) ? json(e.ratio) : json(nullptr)},
          {"ci_low", e.interval ? json(e.ci_low) : json(nullptr)},
          {"ci_high", e.interval ? json(e.ci_high) : json(nullptr)}};
}

}  // namespace

std::string BisectReport::outcome() const {
  if (!reproduced) return "not_reproduced";
  return search.found ? "found" : "unclear";
}

int BisectReport::exit_code() const { return outcome() == "found" ? kExitOk : kExitRegression; }

void print_bisect_report(std::ostream& out, const BisectReport& r) {
  const std::size_t between = r.commits.size() - 2;
  out << "perfgate bisect: " << printable_text(r.suite + "/" + r.benchmark) << ", " << r.commits.size() - 1
      << " commit(s) after " << short_id(r.commits.front()) << " (good) up to " << short_id(r.commits.back())
      << " (bad); " << r.target << "\n";
  out << "  bad against good, measured here: " << ratio_text(r.bad) << ", " << r.bad_verdict << "\n";
  for (std::size_t i = 0; i < r.search.probes.size(); ++i) {
    const BisectProbe& p = r.search.probes[i];
    out << "  step " << i + 1 << ": " << short_id(r.commits[p.index]) << " " << printable_text(r.subjects[p.index]) << ": ";
    if (p.carries == Carries::untestable)
      out << "skipped (" << printable_text(p.problem) << ")\n";
    else
      out << ratio_text(p.evidence) << " against good: " << side_text(p.carries) << "\n";
  }
  if (!r.reproduced) {
    out << "not reproduced: " << short_id(r.commits.back()) << " does not differ from " << short_id(r.commits.front())
        << " on this runner, so no commit between carries the change: the environment (or a change below what "
           "this runner resolves)\n";
  } else if (r.search.found) {
    const std::size_t first = r.search.first;
    out << "first commit with the change: " << r.commits[first] << " " << printable_text(r.subjects[first])
        << " (the commit before it, " << short_id(r.commits[first - 1]) << ", is without it)\n";
  } else {
    out << "unclear: the change came in after " << short_id(r.commits[r.search.last_good]) << " and by "
        << short_id(r.commits[r.search.first]) << " (" << r.search.first - r.search.last_good
        << " commits); " << printable_text(r.search.stopped)
        << (r.search.probes.empty() || r.search.probes.back().carries != Carries::unclear
                ? std::string()
                : "; more rounds than --rounds " + std::to_string(r.rounds) + " may tell")
        << "\n";
  }
  out << r.builds << " build(s) (good, bad and " << r.builds - std::min<std::size_t>(r.builds, 2)
      << " between; at most " << most_probes(between + 2) << " between without skips), " << seconds_text(r.seconds)
      << "\n";
}

std::string bisect_json(const BisectReport& r) {
  using nlohmann::json;
  json steps = json::array();
  for (const BisectProbe& p : r.search.probes) {
    json step = commit_json(r, p.index);
    step["carries"] = to_string(p.carries);
    step["evidence"] = p.carries == Carries::untestable ? json(nullptr) : ratio_json(p.evidence);
    step["problem"] = p.problem;
    step["build_seconds"] = p.build_seconds;
    step["measure_seconds"] = p.measure_seconds;
    steps.push_back(step);
  }
  const bool narrowed = r.reproduced;
  json doc = {{"schema", kBisectSchema},
              {"schema_version", kBisectSchemaVersion},
              {"suite", r.suite},
              {"benchmark", r.benchmark},
              {"testbed", r.testbed},
              {"target", r.target},
              {"created_utc", r.created_utc},
              {"good", r.commits.front()},
              {"bad", r.commits.back()},
              {"commits", r.commits.size() - 1},
              {"bad_against_good", ratio_json(r.bad)},
              {"bad_verdict", r.bad_verdict},
              {"outcome", r.outcome()},
              {"first_commit", narrowed ? json(commit_json(r, r.search.first)) : json(nullptr)},
              {"last_good_commit", narrowed ? json(commit_json(r, r.search.last_good)) : json(nullptr)},
              {"stopped", r.search.stopped},
              {"steps", steps},
              {"builds", r.builds},
              {"rounds", r.rounds},
              {"most_probes", most_probes(r.commits.size())},
              {"seconds", r.seconds}};
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

history::BisectionRecord bisection_record(const BisectReport& r) {
  history::BisectionRecord record;
  record.suite = r.suite;
  record.benchmark = r.benchmark;
  record.testbed = r.testbed;
  record.good_commit = r.commits.front();
  record.bad_commit = r.commits.back();
  record.outcome = r.outcome();
  if (r.reproduced) {
    record.first_commit = r.commits[r.search.first];
    record.last_good_commit = r.commits[r.search.last_good];
  }
  record.change_pct = (r.bad.ratio - 1.0) * 100.0;
  record.builds = static_cast<std::int64_t>(r.builds);
  record.commits = static_cast<std::int64_t>(r.commits.size() - 1);
  record.seconds = r.seconds;
  record.created_utc = r.created_utc;
  return record;
}

}  // namespace perfgate::cli
