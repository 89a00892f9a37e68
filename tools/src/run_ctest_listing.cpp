#include "run_ctest_listing.hpp"

#include <nlohmann/json.hpp>

#include <map>

#include "perfgate/platform/errors.hpp"
#include "perfgate/model/suite_name.hpp"
#include "subprocess.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// The value of `--<flag>=VALUE` among a test's arguments, empty when absent.
std::string flag_value(const nlohmann::json& command, const std::string& flag) {
  const std::string prefix = "--" + flag + "=";
  std::string value;
  for (std::size_t i = 1; i < command.size(); ++i)
    if (const auto arg = command[i].get<std::string>(); arg.rfind(prefix, 0) == 0) value = arg.substr(prefix.size());
  return value;  // the last one wins, as in the suite binary
}

const nlohmann::json* property(const nlohmann::json& test, const std::string& name) {
  const auto properties = test.find("properties");
  if (properties == test.end() || !properties->is_array()) return nullptr;
  for (const auto& p : *properties)
    if (p.is_object() && p.value("name", "") == name && p.contains("value")) return &p.at("value");
  return nullptr;
}

fs::path working_directory(const nlohmann::json& test) {
  const nlohmann::json* folder = property(test, "WORKING_DIRECTORY");
  return folder && folder->is_string() ? fs::path(folder->get<std::string>()) : fs::path();
}

bool labelled(const nlohmann::json& test, const std::string& label) {
  const nlohmann::json* labels = property(test, "LABELS");
  if (!labels || !labels->is_array()) return false;
  for (const auto& l : *labels)
    if (l.is_string() && l.get<std::string>() == label) return true;
  return false;
}

GatedTest gated_test(const nlohmann::json& test) {
  GatedTest gated;
  gated.test = test.at("name").get<std::string>();
  const nlohmann::json command = test.value("command", nlohmann::json::array());
  gated.suite = flag_value(command, "perfgate_suite");
  if (gated.suite.empty())
    gated.suite = gated.test.rfind("perf.", 0) == 0 ? gated.test.substr(5) : gated.test;
  gated.out_dir = flag_value(command, "perfgate_out_dir");
  if (!gated.out_dir.empty() && gated.out_dir.is_relative()) gated.out_dir = working_directory(test) / gated.out_dir;
  gated.baseline_dir = flag_value(command, "perfgate_baseline_dir");
  if (!gated.baseline_dir.empty() && gated.baseline_dir.is_relative())
    gated.baseline_dir = working_directory(test) / gated.baseline_dir;
  if (!command.empty()) gated.program = command[0].get<std::string>();
  for (std::size_t i = 1; i < command.size(); ++i) gated.args.push_back(command[i].get<std::string>());
  gated.gpu = labelled(test, "gpu");
  gated.working_directory = working_directory(test);
  if (const nlohmann::json* environment = property(test, "ENVIRONMENT"); environment && environment->is_array())
    for (const auto& entry : *environment)
      if (entry.is_string()) gated.environment.push_back(entry.get<std::string>());
  if (const nlohmann::json* timeout = property(test, "TIMEOUT"); timeout && timeout->is_number()) gated.timeout = timeout->get<double>();
  return gated;
}

// A suite name names the suite's report files (<out_dir>/<suite>.comparison.json,
// which perfgate run removes before the run) and the run folder's: one
// from a test's name ("perf.../../victim") is checked like every other.
void require_suite_name_of(const GatedTest& test) {
  if (const auto problem = suite_name_problem(test.suite))
    throw InputError("run: ctest test " + quote_text(test.test) + ": its suite " + quote_text(test.suite) + " " +
                     *problem + "; nothing was run (give it --perfgate_suite=NAME, or name the test perf.NAME)");
}

// Two tests of one suite would write one set of report files, the second
// replacing the first's verdict.
void require_distinct_suites(const std::vector<GatedTest>& tests) {
  std::map<std::string, const GatedTest*> by_suite;
  for (const GatedTest& test : tests) {
    const auto [first, inserted] = by_suite.emplace(test.suite, &test);
    if (inserted) continue;
    const GatedTest& other = *first->second;
    const std::string where = other.out_dir == test.out_dir && !test.out_dir.empty()
                                  ? " and out dir " + quote_text(test.out_dir.string())
                                  : "";
    throw InputError("run: ctest tests " + quote_text(other.test) + " and " + quote_text(test.test) +
                     " share the suite " + quote_text(test.suite) + where +
                     ": one would replace the other's reports; nothing was run (give one --perfgate_suite=NAME)");
  }
}

}  // namespace

std::vector<GatedTest> parse_ctest_listing(const std::string& json, const std::string& origin) {
  try {
    const auto doc = nlohmann::json::parse(json);
    if (doc.value("kind", "") != "ctestInfo") throw InputError(origin + ": not ctest's JSON test listing");
    std::vector<GatedTest> tests;
    for (const auto& test : doc.value("tests", nlohmann::json::array())) {
      tests.push_back(gated_test(test));
      require_suite_name_of(tests.back());
    }
    require_distinct_suites(tests);
    return tests;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(origin + ": invalid ctest test listing: " + e.what());
  }
}

std::string exact_test_regex(const std::string& test) {
  std::string regex = "^";
  for (char c : test) {
    if (std::string_view(".^$|()[]{}*+?\\").find(c) != std::string_view::npos) regex += '\\';
    regex += c;
  }
  return regex + "$";
}

std::vector<GatedTest> list_tests(const std::filesystem::path& ctest, std::vector<std::string> args) {
  args.push_back("--show-only=json-v1");
  std::string json;
  const int status = run_program_lines(ctest, args, {}, [&](const std::string& line) { json += line + "\n"; });
  if (status != 0) throw InputError(ctest.string() + " --show-only=json-v1: exit " + std::to_string(status));
  return parse_ctest_listing(json, ctest.string() + " --show-only=json-v1");
}

}  // namespace perfgate::cli
