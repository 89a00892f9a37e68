// The explain stage's inputs as every front end takes them (explain_inputs.hpp).

#include "perfgate/explain/explain_inputs.hpp"

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

TEST(ExplainInputs, NoRulesAndNoFolderIsNothingSwitchedOffAndNoStore) {
  const ExplainInputs inputs("", "");
  EXPECT_TRUE(inputs.settings().disabled.empty());
  EXPECT_EQ(inputs.settings().baselines, nullptr);
}

TEST(ExplainInputs, TheFolderIsOpenedAsTheStoreTheSettingsName) {
  const ExplainInputs inputs("noisy,memory-pool", "some/baselines");
  ASSERT_NE(inputs.settings().baselines, nullptr);
  EXPECT_NE(inputs.settings().baselines->location("gpu_timing", "cpu-x").find("some/baselines"), std::string::npos);
  EXPECT_EQ(inputs.settings().disabled, (std::set<std::string>{"noisy", "memory-pool"}));
}

TEST(ExplainInputs, AnUnknownRuleIsAnInputErrorNamingIt) {
  try {
    ExplainInputs("noisy,no_such_rule", "");
    FAIL() << "an unknown rule was taken";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("no_such_rule"), std::string::npos) << error.what();
  }
}

TEST(ExplainSettings, KeepsTheCallersStoreAndChecksTheRules) {
  const auto store = open_baseline_store("elsewhere");
  const ExplainSettings settings = explain_settings("noisy", store.get());
  EXPECT_EQ(settings.baselines, store.get());
  EXPECT_EQ(settings.disabled, std::set<std::string>{"noisy"});
  EXPECT_THROW(explain_settings("nosy", store.get()), InputError);
}

}  // namespace
}  // namespace perfgate
