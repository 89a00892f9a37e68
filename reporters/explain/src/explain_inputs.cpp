#include "perfgate/explain/explain_inputs.hpp"

namespace perfgate {
namespace {

// The rules first: a typo costs nothing opened or read.
std::unique_ptr<BaselineStore> open_after_checking(const std::string& disabled_rules,
                                                   const std::filesystem::path& baseline_dir) {
  require_known_rules(rule_list(disabled_rules));
  return baseline_dir.empty() ? nullptr : open_baseline_store(baseline_dir, "--baseline-dir");
}

}  // namespace

ExplainSettings explain_settings(const std::string& disabled_rules, const BaselineStore* baselines) {
  ExplainSettings settings{rule_list(disabled_rules), baselines};
  require_known_rules(settings.disabled);
  return settings;
}

ExplainInputs::ExplainInputs(const std::string& disabled_rules, const std::filesystem::path& baseline_dir)
    : store_(open_after_checking(disabled_rules, baseline_dir)),
      settings_(explain_settings(disabled_rules, store_.get())) {}

}  // namespace perfgate
