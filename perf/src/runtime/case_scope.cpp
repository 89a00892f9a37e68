#include "perfgate/runtime/case_scope.hpp"

#if PERFGATE_HAS_CUDA
#include <nvtx3/nvToolsExt.h>
#endif

namespace perfgate {
namespace {

thread_local std::string running_case;

#if PERFGATE_HAS_CUDA
// One domain keeps perfgate's ranges apart from the code under test's.
nvtxDomainHandle_t perfgate_domain() {
  static const nvtxDomainHandle_t domain = nvtxDomainCreateA("perfgate");
  return domain;
}

void push_range(const char* message) {
  nvtxEventAttributes_t attributes{};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attributes.message.ascii = message;
  nvtxDomainRangePushEx(perfgate_domain(), &attributes);
}

void pop_range() { nvtxDomainRangePop(perfgate_domain()); }
#else
void push_range(const char*) {}
void pop_range() {}
#endif

}  // namespace

CaseScope::CaseScope(std::string name) : previous_(std::exchange(running_case, std::move(name))) {
  push_range(running_case.c_str());
}

CaseScope::~CaseScope() {
  pop_range();
  running_case = std::move(previous_);
}

const std::string& current_case() { return running_case; }

const char* to_string(CasePhase phase) {
  switch (phase) {
    case CasePhase::warmup: return "warm-up";
    case CasePhase::timed: return "timed";
    case CasePhase::flush: return "flush";
    case CasePhase::traced: return "traced";
    case CasePhase::counted: return "counted";
  }
  return "phase";
}

PhaseRange::PhaseRange(CasePhase phase) { push_range(to_string(phase)); }
PhaseRange::~PhaseRange() { pop_range(); }

}  // namespace perfgate
