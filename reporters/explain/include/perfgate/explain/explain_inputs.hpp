#pragma once
// The explain stage's inputs as every gate's front end takes them (the suite
// binary, `perfgate compare`, `ab`, `suggest`, `run --against`): the rules
// switched off, checked before anything is measured or written, and the
// baseline store the launch floor is read from.  Written once here so the
// gate's tail is the same in every front end.

#include <filesystem>
#include <memory>
#include <string>

#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/explain/suggest.hpp"

namespace perfgate {

// "a,b" of a --suggest-disable flag, checked (an unknown rule is an
// InputError naming it), with a store the caller keeps open (null: none).
ExplainSettings explain_settings(const std::string& disabled_rules, const BaselineStore* baselines);

// The same for a command that opens the store itself from its
// --baseline-dir (empty: no store); the store lives as long as this.
class ExplainInputs {
 public:
  ExplainInputs(const std::string& disabled_rules, const std::filesystem::path& baseline_dir);
  const ExplainSettings& settings() const { return settings_; }

 private:
  std::unique_ptr<BaselineStore> store_;
  ExplainSettings settings_;
};

}  // namespace perfgate
