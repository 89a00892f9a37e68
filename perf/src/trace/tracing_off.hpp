#pragma once
// Why tracing is off, as the one warning a run prints.  Host code, so the
// wording of every fallback is tested without a GPU.

#include <string>

namespace perfgate::trace {

// CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED: another tool subscribed first.
inline constexpr int kCuptiOtherSubscriber = 39;

// `result` is a CUptiResult from `api`, with its name from
// cuptiGetResultString; `holder` is what CUPTI wrote into
// oldSubscriberName (may be empty).
std::string cupti_refusal(const std::string& api, int result, const std::string& result_name,
                          const std::string& holder);

// "perfgate: tracing is off: <why>; the timed run is unaffected"
std::string tracing_off_warning(const std::string& why);

}  // namespace perfgate::trace
