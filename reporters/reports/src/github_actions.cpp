#include "perfgate/reports/github_actions.hpp"

#include <cstdlib>
#include <fstream>

#include "perfgate/gate/comparison_text.hpp"
#include "perfgate/reports/case_alert.hpp"
#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

bool environment_is(const char* name, const char* value) {
  const char* set = std::getenv(name);
  return set != nullptr && std::string(set) == value;
}

// The workflow-command escapes: a message's %, CR and LF; a property's
// also ':' and ',' (they would end the property).
std::string escaped(const std::string& text, bool property) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out += c;
    }
  }
  return out;
}

std::string annotation(const CaseAlert& alert, const std::string& report) {
  std::string message = alert.message;
  if (!report.empty()) message += "; report: " + printable_name(report);
  return std::string("::") + (alert.fails_the_gate ? "error" : "warning") + " title=" +
         escaped("perfgate " + alert.word + ": " + alert.name, true) + "::" + escaped(message, false) + "\n";
}

}  // namespace

bool in_github_actions() {
  return environment_is("GITHUB_ACTIONS", "true") && !environment_is("PERFGATE_ANNOTATIONS", "0");
}

std::string github_annotations(const Comparison& comparison, const std::string& report) {
  std::string lines;
  for (const CaseAlert& alert : case_alerts(comparison)) lines += annotation(alert, report);
  return lines;
}

void append_step_summary(const std::string& markdown, std::ostream& notes) {
  const char* path = std::getenv("GITHUB_STEP_SUMMARY");
  append_step_summary_to(path ? path : "", markdown, notes);
}

void append_step_summary_to(const std::filesystem::path& file, const std::string& markdown, std::ostream& notes) {
  if (file.empty()) return;
  std::ofstream out(file, std::ios::app | std::ios::binary);
  out << markdown << "\n";
  out.flush();
  if (!out)
    notes << "perfgate: note: could not append the summary to GITHUB_STEP_SUMMARY (" << printable_name(file.string())
          << ")\n";
}

std::string report_to_open(const std::filesystem::path& html, const std::filesystem::path& markdown,
                           const std::filesystem::path& junit) {
  for (const auto* path : {&html, &markdown, &junit})
    if (!path->empty()) return path->string();
  return "";
}

}  // namespace perfgate
