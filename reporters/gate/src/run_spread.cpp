#include "perfgate/gate/run_spread.hpp"

namespace perfgate {

const char* to_string(RunSpreadSource source) {
  switch (source) {
    case RunSpreadSource::none: return "none";
    case RunSpreadSource::floor: return "floor";
    case RunSpreadSource::rounds: return "rounds";
    case RunSpreadSource::history: return "history";
    case RunSpreadSource::noise: return "noise";
  }
  return "?";
}

}  // namespace perfgate
