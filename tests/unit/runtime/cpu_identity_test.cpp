// Issue 40: what a CPU is, beyond its model name, from another machine's
// /proc/cpuinfo text and CPUID signatures.
#include "runtime/cpu_identity.hpp"

#include <gtest/gtest.h>

namespace perfgate {
namespace {

// Two blocks of a Zen 4 EPYC under KVM, as a 2-core cloud VM shows it.
const char* kZen4Kvm = R"(processor	: 0
vendor_id	: AuthenticAMD
cpu family	: 25
model		: 17
model name	: AMD EPYC
stepping	: 1
flags		: fpu vme de pse tsc msr pae hypervisor lahf_lm avx512f
bugs		: sysret_ss_attrs

processor	: 1
vendor_id	: AuthenticAMD
cpu family	: 25
model		: 17
model name	: AMD EPYC
stepping	: 1
)";

const char* kZen5BareMetal = R"(processor	: 0
vendor_id	: AuthenticAMD
cpu family	: 26
model		: 2
model name	: AMD EPYC 9755 128-Core Processor
stepping	: 1
flags		: fpu vme de pse tsc msr pae avx512f
)";

const char* kNeoverseV2 = R"(processor	: 0
BogoMIPS	: 2000.00
Features	: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics
CPU implementer	: 0x41
CPU architecture: 8
CPU variant	: 0x0
CPU part	: 0xd4f
CPU revision	: 1
)";

TEST(CpuIdentity, X86FamilyModelSteppingAndTheHypervisorFlag) {
  const CpuIdentity vm = cpu_identity_from_cpuinfo(kZen4Kvm);
  EXPECT_EQ(vm.vendor, "AuthenticAMD");
  EXPECT_EQ(vm.family, 25);
  EXPECT_EQ(vm.model, 17);
  EXPECT_EQ(vm.stepping, 1);
  EXPECT_EQ(vm.hypervisor, "unknown") << "the flag says there is one, not which (CPUID does)";
  EXPECT_TRUE(vm.virtual_machine());
  const CpuIdentity metal = cpu_identity_from_cpuinfo(kZen5BareMetal);
  EXPECT_EQ(metal.family, 26);
  EXPECT_EQ(metal.model, 2);
  EXPECT_EQ(metal.hypervisor, "none");
  EXPECT_FALSE(metal.virtual_machine());
}

TEST(CpuIdentity, AFieldIsTheFirstLineWithThatKeyAnywhereInTheText) {
  EXPECT_EQ(cpuinfo_field(kZen4Kvm, "model name"), "AMD EPYC");
  EXPECT_EQ(cpuinfo_field(kZen4Kvm, "model"), "17") << "the key whole, not a prefix of \"model name\"";
  EXPECT_EQ(cpuinfo_field(kNeoverseV2, "model name"), "");
  // Older ARM kernels name the board in a trailer after the processors' blocks.
  const std::string trailer = std::string(kNeoverseV2) + "\nHardware\t: BCM2835\nRevision\t: a02082\n";
  EXPECT_EQ(cpuinfo_field(trailer, "Hardware"), "BCM2835");
}

TEST(CpuIdentity, ArmImplementerArchitecturePartVariantAndRevision) {
  const CpuIdentity arm = cpu_identity_from_cpuinfo(kNeoverseV2);
  EXPECT_EQ(arm.vendor, "arm-implementer-0x41");
  EXPECT_EQ(arm.family, 8);
  EXPECT_EQ(arm.model, 0xd4f);
  EXPECT_EQ(arm.stepping, 1);
  EXPECT_TRUE(arm.known());
}

TEST(CpuIdentity, ATextWithoutAVendorIsNotKnown) {
  EXPECT_FALSE(cpu_identity_from_cpuinfo("").known());
  EXPECT_FALSE(cpu_identity_from_cpuinfo("processor : 0\nmodel name : Mystery\n").known());
}

TEST(CpuIdentity, HypervisorSignaturesHaveNames) {
  EXPECT_EQ(hypervisor_from_signature(std::string("KVMKVMKVM\0\0\0", 12)), "kvm");
  EXPECT_EQ(hypervisor_from_signature("KVMKVMKVM"), "kvm");
  EXPECT_EQ(hypervisor_from_signature("Microsoft Hv"), "hyper-v");
  EXPECT_EQ(hypervisor_from_signature("VMwareVMware"), "vmware");
  EXPECT_EQ(hypervisor_from_signature("XenVMMXenVMM"), "xen");
  EXPECT_EQ(hypervisor_from_signature("bhyve bhyve "), "bhyve");
  EXPECT_EQ(hypervisor_from_signature("TCGTCGTCGTCG"), "qemu");
  EXPECT_EQ(hypervisor_from_signature("NewVisor 9"), "newvisor-9") << "an unknown one by its own name";
  EXPECT_EQ(hypervisor_from_signature(std::string(12, '\0')), "unknown");
}

}  // namespace
}  // namespace perfgate
