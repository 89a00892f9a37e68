// Issue 41: free text from an input is cut where it is read, so a 5 MB
// message is never copied whole into JUnit, the console and every report.
#include "perfgate/model/long_text.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/formats/results_io.hpp"
#include "perfgate/platform/utf8.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

TEST(LongText, ShortTextIsKeptWhole) {
  EXPECT_EQ(cut_long_text("cudaErrorIllegalAddress"), "cudaErrorIllegalAddress");
  const std::string at_bound(kMaxTextBytes, 'x');
  EXPECT_EQ(cut_long_text(at_bound), at_bound);
}

TEST(LongText, ALongTextIsCutSayingSoAndIsNotCutAgain) {
  const std::string text(5'000'000, 'E');
  const std::string cut = cut_long_text(text);
  EXPECT_LE(cut.size(), kMaxTextBytes);
  EXPECT_EQ(cut.rfind("EEEE", 0), 0u);
  EXPECT_NE(cut.find("[... cut: 5000000 bytes in all]"), std::string::npos) << cut.substr(cut.size() - 60);
  EXPECT_EQ(cut_long_text(cut), cut) << "written and read back, a cut text stays as it is";
}

TEST(LongText, ACutNeverSplitsACharacter) {
  std::string text;
  while (text.size() < 2 * kMaxTextBytes) text += "\xE2\x82\xAC";  // U+20AC, three bytes
  for (std::size_t shift = 0; shift < 3; ++shift) {
    const std::string cut = cut_long_text(std::string(shift, 'a') + text);
    EXPECT_EQ(valid_utf8(cut), cut) << "shift " << shift;
  }
}

TEST(LongText, ALoadedCasesMessageIsCut) {
  const testing::TempDir dir;
  nlohmann::json doc = nlohmann::json::parse(testing::read_text(std::string(PERFGATE_TEST_FIXTURES) + "/gbench/test2_run.json"));
  doc["benchmarks"].push_back({{"name", "BM_Err"}, {"run_type", "iteration"}, {"iterations", 0}, {"real_time", 0},
                               {"cpu_time", 0}, {"time_unit", "ns"}, {"error_occurred", true},
                               {"error_message", std::string(5'000'000, 'E')}});
  testing::write_text(dir / "run.json", doc.dump());
  const Results results = load_results(dir / "run.json");
  const BenchmarkResult* failed = results.find("BM_Err");
  ASSERT_NE(failed, nullptr);
  ASSERT_TRUE(failed->error);
  EXPECT_LE(failed->error->size(), kMaxTextBytes);
  EXPECT_NE(failed->error->find("cut: 5000000 bytes in all"), std::string::npos);
}

}  // namespace
}  // namespace perfgate
