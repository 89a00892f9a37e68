#pragma once
// What this machine's CPU is, beyond its model-name string: vendor, family,
// model, stepping, L3 size and the hypervisor that runs the machine, if any.
// The pure parts (reading /proc/cpuinfo's text, naming a hypervisor's CPUID
// signature) are separate from the reads of this machine, so tests can feed
// them another machine's text.

#include <string>

#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// What /proc/cpuinfo's first processor says: x86's vendor_id, cpu family,
// model and stepping; ARM's CPU implementer, architecture, part, variant
// and revision (vendor "arm-implementer-0x41", family = architecture,
// model = part, stepping = variant << 4 | revision).  `hypervisor` is
// "none" without x86's "hypervisor" flag, "unknown" with it (the flag says
// that there is one, not which); empty on other architectures.  A text
// without a vendor gives an identity that is not known().
CpuIdentity cpu_identity_from_cpuinfo(const std::string& cpuinfo);

// The hypervisor a CPUID leaf 0x40000000 signature names: "KVMKVMKVM" ->
// "kvm", "Microsoft Hv" -> "hyper-v", "VMwareVMware" -> "vmware", ...; an
// unknown signature as its slug ("unknown" when it has no letters).
std::string hypervisor_from_signature(const std::string& signature);

// The value of the first "key : value" line of a /proc/cpuinfo text with
// that key (any processor's block, or the trailer some ARM kernels write:
// "Hardware"); empty when there is none.
std::string cpuinfo_field(const std::string& cpuinfo, const std::string& key);

// This machine's /proc/cpuinfo; empty where there is none.
std::string this_cpuinfo();

// This machine's CPU: /proc/cpuinfo, the hypervisor from CPUID (x86) or
// /sys/hypervisor/type, the L3 size from sysconf or sysfs.
CpuIdentity this_cpu_identity();

}  // namespace perfgate
