#include "run_ctest_listing.hpp"

#include <nlohmann/json.hpp>

#include "perfgate/model/errors.hpp"

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

fs::path working_directory(const nlohmann::json& test) {
  for (const auto& property : test.value("properties", nlohmann::json::array()))
    if (property.value("name", "") == "WORKING_DIRECTORY") return property.at("value").get<std::string>();
  return {};
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
  return gated;
}

}  // namespace

std::vector<GatedTest> parse_ctest_listing(const std::string& json, const std::string& origin) {
  try {
    const auto doc = nlohmann::json::parse(json);
    if (doc.value("kind", "") != "ctestInfo") throw InputError(origin + ": not ctest's JSON test listing");
    std::vector<GatedTest> tests;
    for (const auto& test : doc.value("tests", nlohmann::json::array())) tests.push_back(gated_test(test));
    return tests;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(origin + ": invalid ctest test listing: " + e.what());
  }
}

}  // namespace perfgate::cli
