#include "trace/tracing_off.hpp"

namespace perfgate::trace {

std::string cupti_refusal(const std::string& api, int result, const std::string& result_name,
                          const std::string& holder) {
  if (result == kCuptiOtherSubscriber) {
    const std::string who = holder.empty() ? "a tool that did not give its name" : holder;
    return "another profiler holds CUPTI (" + who + "); CUPTI allows one per process (run without it to trace)";
  }
  const std::string name = result_name.empty() ? "CUPTI error" : result_name;
  return api + " failed: " + name + " (" + std::to_string(result) + ")";
}

std::string tracing_off_warning(const std::string& why) {
  return "perfgate: tracing is off: " + why + "; everything else runs as usual";
}

}  // namespace perfgate::trace
