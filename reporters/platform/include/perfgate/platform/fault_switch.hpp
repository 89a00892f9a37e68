#pragma once
// Test-only fault switches: environment variables with which perfgate's own
// tests plant what they check (a slowdown in the host suite, a throttled SM
// clock, a writer paused mid-write so that it can be killed there).  They
// act only where PERFGATE_ALLOW_FAULT_INJECTION=1 is set beside them: in a
// real run one set by mistake (an exported variable, a copied CI snippet)
// is refused before anything is measured or written, one line, exit 2,
// never a silently planted verdict; and every report of a run made with one
// says so.

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfgate {

inline constexpr const char* kAllowFaultInjection = "PERFGATE_ALLOW_FAULT_INJECTION";

// The switches perfgate honours: PERFGATE_HOST_PLANT_SLOWDOWN (host suite:
// the named case does its work twice), PERFGATE_HOST_NOISE and
// PERFGATE_HOST_NOISE_SEQUENCE (host suite: a case of injected noise,
// perf/suites/host/injected_noise_case.hpp), PERFGATE_TEST_SM_CLOCK_SCALE
// (measure(): SM clock readings scaled), PERFGATE_TEST_PAUSE_MID_WRITE_S
// (atomic writes pause half way).
std::span<const char* const> fault_switch_names();

// InputError naming the first switch set without PERFGATE_ALLOW_FAULT_INJECTION=1.
// The suite binaries and the perfgate program call it first thing.
void require_fault_switches_allowed();

// The switch's value when it is set and allowed, else nullopt: it never
// throws (a suite reads it while registering its cases, before main());
// require_fault_switches_allowed(), first thing in main(), is what refuses.
std::optional<std::string> fault_switch(const char* name);

// "PERFGATE_HOST_PLANT_SLOWDOWN=cpu_gemm/blocked/256" for each switch in
// force, for the reports.
std::vector<std::string> active_fault_switches();

}  // namespace perfgate
