#pragma once
// The explain stage: every rule that is not switched off, applied to a run;
// the suggestions sorted by priority (critical first), then by expected
// gain (largest first), then by benchmark and rule for a stable order.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "perfgate/baselines/baseline_store.hpp"
#include "perfgate/explain/rule.hpp"

namespace perfgate {

struct SuggestOptions {
  std::set<std::string> disabled;  // rule names
};

// Throws InputError naming an unknown rule in `disabled` (and the known ones).
std::vector<Suggestion> suggest(const SuggestContext& context, const SuggestOptions& options = {});

// Throws InputError naming the first unknown rule (and the known ones):
// flags are checked before anything is measured.
void require_known_rules(const std::set<std::string>& names);

// "a,b" -> {"a", "b"}: the form flags take.
std::set<std::string> rule_list(const std::string& comma_separated);

// The measured launch floor: the case launch/empty_kernel (latency hidden)
// in `results`, else in the gpu_timing suite's baseline for this device in
// `baselines` (when given and it loads); nothing for a CPU run or when
// neither has it.
std::optional<double> launch_floor(const Results& results, const BaselineStore* baselines);

// What the explain stage is told besides the run: the rules switched off,
// and the baseline store where the launch floor may be found (null: none).
// The front end opens the store (open_baseline_store); the explain stage
// opens nothing.
struct ExplainSettings {
  std::set<std::string> disabled;  // rule names
  const BaselineStore* baselines = nullptr;
};

// The explain stage of a run, the one place its SuggestContext is built (a
// suite binary's gate, `perfgate compare`/`ab`, `perfgate suggest`):
// `comparison` and `baseline` when gated, null otherwise; the launch floor
// from launch_floor().  Throws InputError for an unknown rule.
std::vector<Suggestion> explain(const Results& current, const Comparison* comparison, const Results* baseline,
                                const ExplainSettings& settings);

}  // namespace perfgate
