// A measurement's samples as one stored text (schema 3): read back to the
// same doubles in the same order, whatever they are; anything else stored
// there is one line naming where.

#include "perfgate/history/sample_text.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"

namespace perfgate::history {
namespace {

TEST(SampleText, EverySampleReadsBackExactlyInItsOrder) {
  const std::vector<double> samples = {0.1 + 0.2, 1e-7 * 3, 5e-324, std::numeric_limits<double>::max(),
                                       std::nextafter(1.0, 2.0), 0.0, 1.0, 86400.0, 2.2250738585072014e-308};
  const std::string text = samples_to_text(samples);
  EXPECT_EQ(samples_from_text(text, "w"), samples);
  EXPECT_EQ(samples_to_text({1.0, 0.5, 1e-6}), "1 0.5 1e-06");
  EXPECT_EQ(samples_from_text(samples_to_text({}), "w"), std::vector<double>{});
}

TEST(SampleText, AnythingElseIsOneLineNamingWhere) {
  for (const std::string bad : {"1 x 2", "1,2", "nan", "inf", "1  2", "1e999"}) {
    try {
      samples_from_text(bad, "history.sqlite: run r, gemm");
      ADD_FAILURE() << bad << " was read";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("history.sqlite: run r, gemm: stored samples are not a list of numbers", 0), 0u)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace perfgate::history
