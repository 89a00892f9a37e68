// Issue 40: a CPU's identity is more than its model name.  Two EPYC
// generations under one name, a VM against bare metal, another VM size,
// and a baseline written before the identity was kept.
#include <gtest/gtest.h>

#include "perfgate/model/fingerprint.hpp"
#include "perfgate/formats/fingerprint_json.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

// "AMD EPYC" as a cloud VM names it, whatever the generation.
Fingerprint epyc(int family, int model, const std::string& hypervisor = "kvm", int cpus = 2) {
  Fingerprint f;
  f.kind = DeviceKind::cpu;
  f.name = f.host_cpu = "AMD EPYC";
  f.logical_cpus = cpus;
  f.cpu = {"AuthenticAMD", family, model, 1, 32ull << 20, hypervisor};
  f.slug = cpu_slug(f);
  return f;
}

TEST(CpuFingerprint, TwoEpycGenerationsUnderOneNameAreNotComparable) {
  const Fingerprint zen4 = epyc(25, 17), zen5 = epyc(26, 2);
  std::string why;
  EXPECT_FALSE(comparable(zen4, zen5, &why));
  EXPECT_NE(why.find("CPU family differs"), std::string::npos) << why;
  EXPECT_NE(zen4.slug, zen5.slug);
  EXPECT_EQ(zen4.slug, "cpu-amd-epyc-fam25-mod17-2cpu-kvm");
  EXPECT_EQ(zen5.slug, "cpu-amd-epyc-fam26-mod2-2cpu-kvm");
  EXPECT_TRUE(comparable(zen4, epyc(25, 17)));
}

TEST(CpuFingerprint, AVirtualMachineIsNotBareMetal) {
  const Fingerprint vm = epyc(25, 17, "kvm"), metal = epyc(25, 17, "none");
  std::string why;
  EXPECT_FALSE(comparable(vm, metal, &why));
  EXPECT_NE(why.find("hypervisor differs"), std::string::npos) << why;
  EXPECT_EQ(metal.slug, "cpu-amd-epyc-fam25-mod17-2cpu") << "bare metal: no hypervisor part";
  EXPECT_TRUE(vm.cpu.virtual_machine());
  EXPECT_FALSE(metal.cpu.virtual_machine());
}

TEST(CpuFingerprint, AnyFieldThatDiffersMakesTwoMachines) {
  std::string why;
  Fingerprint other = epyc(25, 17);
  other.cpu.stepping = 2;
  EXPECT_FALSE(comparable(epyc(25, 17), other, &why));
  EXPECT_NE(why.find("CPU stepping"), std::string::npos) << why;
  other = epyc(25, 17);
  other.cpu.l3_bytes = 256ull << 20;
  EXPECT_FALSE(comparable(epyc(25, 17), other, &why));
  EXPECT_NE(why.find("L3 size"), std::string::npos) << why;
  other = epyc(25, 17);
  other.cpu.vendor = "GenuineIntel";
  EXPECT_FALSE(comparable(epyc(25, 17), other, &why));
  EXPECT_NE(why.find("CPU vendor"), std::string::npos) << why;
  EXPECT_FALSE(comparable(epyc(25, 17), epyc(25, 17, "kvm", 4), &why));
  EXPECT_NE(why.find("logical CPU count"), std::string::npos) << why;
  EXPECT_NE(epyc(25, 17).slug, epyc(25, 17, "kvm", 4).slug);
}

// A baseline written before the identity was kept: read as it was, compared
// by name and CPU count, and the comparison says its identity is partial.
TEST(CpuFingerprint, ABaselineWithoutTheNewFieldsIsReadWithANote) {
  const std::string old_baseline = R"({"schema": "perfgate/results", "schema_version": 1, "suite": "host",
    "fingerprint": {"kind": "cpu", "slug": "cpu-amd-epyc", "name": "AMD EPYC", "host_cpu": "AMD EPYC", "logical_cpus": 2},
    "benchmarks": [{"name": "x", "samples": [1.0, 1.01, 0.99, 1.0, 1.02, 0.98, 1.0, 1.01, 0.99, 1.0]}]})";
  const Results old = parse_results(old_baseline, "old.json");
  EXPECT_FALSE(old.fingerprint.cpu.known());
  EXPECT_EQ(expected_slug(old.fingerprint), "cpu-amd-epyc") << "its own folder, as it was written";
  Results now = old;
  now.fingerprint = epyc(25, 17);
  EXPECT_TRUE(comparable(old.fingerprint, now.fingerprint));
  const std::string note = partial_identity_note(old.fingerprint, now.fingerprint);
  EXPECT_NE(note.find("the baseline's CPU identity is partial"), std::string::npos) << note;
  EXPECT_EQ(partial_identity_note(now.fingerprint, now.fingerprint), "");
  EXPECT_EQ(partial_identity_note(old.fingerprint, old.fingerprint), "") << "two old files know no more than before";
  // Another CPU count is two machines even without the identity.
  now.fingerprint.logical_cpus = 8;
  EXPECT_FALSE(comparable(old.fingerprint, now.fingerprint));
}

TEST(CpuFingerprint, TheIdentityRoundTripsThroughJson) {
  const Fingerprint f = epyc(25, 17, "hyper-v", 16);
  const Fingerprint back = fingerprint_from_json_text(fingerprint_to_json(f).dump(), "f.json");
  EXPECT_EQ(back.cpu, f.cpu);
  EXPECT_EQ(back.slug, f.slug);
  EXPECT_EQ(expected_slug(back), back.slug);
  EXPECT_THROW(fingerprint_from_json_text(R"({"kind": "gpu", "slug": "g", "name": "G", "cpu": {"vendor": "x", "hypervisor": "none"}})",
                                          "gpu.json"),
               InputError);
  EXPECT_THROW(fingerprint_from_json_text(R"({"kind": "cpu", "slug": "c", "name": "C", "cpu": {"vendor": "", "hypervisor": "none"}})",
                                          "empty.json"),
               InputError);
}

}  // namespace
}  // namespace perfgate
