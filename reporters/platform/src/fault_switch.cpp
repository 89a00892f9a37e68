#include "perfgate/platform/fault_switch.hpp"

#include <array>
#include <cstdlib>
#include <cstring>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

constexpr std::array<const char*, 5> kSwitches = {"PERFGATE_HOST_PLANT_SLOWDOWN", "PERFGATE_HOST_NOISE",
                                                  "PERFGATE_HOST_NOISE_SEQUENCE", "PERFGATE_TEST_SM_CLOCK_SCALE",
                                                  "PERFGATE_TEST_PAUSE_MID_WRITE_S"};

bool allowed() {
  const char* allow = std::getenv(kAllowFaultInjection);
  return allow && std::strcmp(allow, "1") == 0;
}

const char* set_value(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? value : nullptr;
}

}  // namespace

std::span<const char* const> fault_switch_names() { return kSwitches; }

void require_fault_switches_allowed() {
  for (const char* name : kSwitches)
    if (set_value(name) && !allowed())
      throw InputError(std::string(name) + " is a test-only fault switch (it plants what perfgate's own tests check); "
                       "unset it, or set " + kAllowFaultInjection + "=1 beside it in a test");
}

std::optional<std::string> fault_switch(const char* name) {
  const char* value = set_value(name);
  if (!value || !allowed()) return std::nullopt;
  return std::string(value);
}

std::vector<std::string> active_fault_switches() {
  std::vector<std::string> active;
  if (!allowed()) return active;
  for (const char* name : kSwitches)
    if (const char* value = set_value(name)) active.push_back(std::string(name) + "=" + printable_text(value));
  return active;
}

}  // namespace perfgate
