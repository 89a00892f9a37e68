#include "main/remeasure_budget.hpp"

#include <algorithm>

namespace perfgate {

RemeasureBudget remeasure_budget(const MainOptions& options) {
  RemeasureBudget budget;
  budget.round_repetitions = static_cast<std::size_t>(
      std::max(options.confirm_repetitions > 0 ? options.confirm_repetitions : 2 * options.repetitions, 2));
  budget.max_repetitions = options.remeasure_repetitions > 0 ? static_cast<std::size_t>(options.remeasure_repetitions)
                                                             : 3 * budget.round_repetitions;
  budget.max_seconds = options.remeasure_seconds;
  return budget;
}

}  // namespace perfgate
