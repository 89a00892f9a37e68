// Inputs the fuzzers found mishandled (tests/fuzz, docs/measurements.md
// "Fuzzing"): each is now a one-line InputError naming the file.

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"

namespace perfgate {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_results(text, "input.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string gbench_with_iterations(const std::string& iterations) {
  return R"({"context": {"date": "x"}, "benchmarks": [{"name": "a", "run_type": "iteration", "real_time": 1.0,
             "time_unit": "ns", "iterations": )" + iterations + "}]}";
}

TEST(FuzzFindings, ANumberBeyondDoubleRangeIsABadFileNotAnInternalError) {
  const std::string message = error_of(R"({"schema": "perfgate/results", "schema_version": 1e400})");
  EXPECT_EQ(message.rfind("input.json: ", 0), 0u) << message;
  EXPECT_NE(message.find("1e400"), std::string::npos) << message;
}

TEST(FuzzFindings, ACountBeyondAnIntIsRefusedNotWrapped) {
  const std::string doc = R"({"schema": "perfgate/results", "schema_version": 1, "suite": "s",
      "fingerprint": {"kind": "cpu", "slug": "cpu-x", "name": "x"},
      "benchmarks": [{"name": "a", "unit": "s", "samples": [1.0], "throttled_samples": 89182519113}]})";
  const std::string message = error_of(doc);
  EXPECT_NE(message.find("'throttled_samples' is above 2147483647"), std::string::npos) << message;
}

TEST(FuzzFindings, GbenchCpuCountMustBeAWholeNumberInRange) {
  const std::string doc = R"({"context": {"num_cpus": 7.7e84}, "benchmarks": [{"name": "a", "run_type": "iteration",
                              "real_time": 1.0, "time_unit": "ns", "iterations": 10}]})";
  const std::string message = error_of(doc);
  EXPECT_EQ(message.rfind("input.json: context: num_cpus is not a whole number", 0), 0u) << message;
}

TEST(FuzzFindings, GbenchIterationsMustBeAWholeNumberInRange) {
  EXPECT_NE(error_of(gbench_with_iterations("2e57")).find("iterations is not a whole number"), std::string::npos);
  EXPECT_NE(error_of(gbench_with_iterations("1.5")).find("iterations is not a whole number"), std::string::npos);
  EXPECT_EQ(error_of(gbench_with_iterations("100")), "");
  EXPECT_EQ(error_of(gbench_with_iterations("100.0")), "");
}

}  // namespace
}  // namespace perfgate
