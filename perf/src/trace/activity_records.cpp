#include "trace/activity_records.hpp"

namespace perfgate::trace {

const char* to_string(CopyDirection direction) {
  switch (direction) {
    case CopyDirection::host_to_device: return "HtoD";
    case CopyDirection::device_to_host: return "DtoH";
    case CopyDirection::device_to_device: return "DtoD";
    case CopyDirection::host_to_host: return "HtoH";
    case CopyDirection::peer_to_peer: return "PtoP";
    case CopyDirection::unknown: break;
  }
  return "unknown";
}

// A Phase comes back from an external correlation id's low byte, so values
// outside the enumeration are expected, not a bug.
const char* to_string(Phase phase) {
  switch (phase) {
    case Phase::work: return "work";
    case Phase::flush: return "flush";
  }
  return "unknown";
}

}  // namespace perfgate::trace
