#include "perfgate/explain/rule.hpp"
#include "rules/rules.hpp"

namespace perfgate {

const std::vector<Rule>& all_rules() {
  static const std::vector<Rule> rules = {
      rules::launch_bound(),     rules::memory_bound(),   rules::compute_bound(),        rules::faster_precision(),
      rules::tensor_core_alignment(), rules::batch_size(), rules::jit_break_even(),      rules::memory_pool(),
      rules::transfers(),        rules::noisy(),          rules::gpu_slower_than_cpu(),  rules::regression_explained(),
      rules::scaling_efficiency(), rules::collective_below_peak(), rules::gradient_method(), rules::counted_work(), rules::dram_bytes_grew(),
  };
  return rules;
}

}  // namespace perfgate
