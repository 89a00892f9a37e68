#include "perfgate/model/suggestion.hpp"

namespace perfgate {

const char* to_string(Priority priority) {
  switch (priority) {
    case Priority::critical: return "critical";
    case Priority::high: return "high";
    case Priority::medium: return "medium";
    case Priority::low: return "low";
  }
  return "medium";
}

}  // namespace perfgate
