#pragma once

#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// The processor's model name: /proc/cpuinfo "model name" (x86), else
// "Hardware" or "cpu model", else the machine architecture.
std::string host_cpu_name();

// A CPU fingerprint of this machine, with its identity (cpu_identity.hpp):
// slug "cpu-<model>-fam<F>-mod<M>-<N>cpu[-<hypervisor>]" (cpu_slug).
Fingerprint host_fingerprint();

}  // namespace perfgate
