#pragma once
// The GPUs that ctest's resource allocator gave this test.  With a resource
// spec (perfgate_resource_spec(), or `ctest --resource-spec-file`) and the
// RESOURCE_GROUPS that perfgate_add_suite gives GPU suites, `ctest -j N` on
// a runner with several GPUs runs one GPU test per GPU (or per N GPUs, for
// a suite registered with GPUS N) and tells each test its GPUs in the
// environment, one group per whole GPU:
//   CTEST_RESOURCE_GROUP_COUNT=2
//   CTEST_RESOURCE_GROUP_0=gpus
//   CTEST_RESOURCE_GROUP_0_GPUS=id:3,slots:100
//   CTEST_RESOURCE_GROUP_1=gpus
//   CTEST_RESOURCE_GROUP_1_GPUS=id:5,slots:100
// CUDA knows nothing of this, so the suite points CUDA_VISIBLE_DEVICES at
// all of them ("3,5", in group order) before its first CUDA call.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfgate {

// The GPU ids of one resource group's value: "id:3,slots:100" gives {"3"};
// several GPUs of one group ("id:0,slots:50;id:1,slots:50") give each id.
// Throws InputError (one line, naming `variable`) when it is malformed.
std::vector<std::string> parse_ctest_gpu_ids(std::string_view value, std::string_view variable);

// What the process should do with CUDA_VISIBLE_DEVICES.
struct CtestGpuChoice {
  std::optional<std::string> visible_devices;  // set it to this (ids joined with ',')
  std::optional<std::string> note;             // say this once (the user's own setting wins)
};

// Decides from the environment (`getenv` returns nullptr for an unset
// variable): nothing when ctest allocated nothing (no resource spec, or the
// test asked for no GPU); the ids of every group's GPUs (each once) when
// CUDA_VISIBLE_DEVICES is unset or lists every one of them (a runner limited
// to some GPUs); a note, and no change, when the user set it to something
// else.
// Throws InputError when ctest's variables are malformed.
CtestGpuChoice choose_ctest_gpu(const std::function<const char*(const char*)>& getenv);

// Before any CUDA call: applies choose_ctest_gpu to this process (its
// workers inherit the environment).  Returns 0, or 2 after a one-line error.
int apply_ctest_gpu_allocation();

}  // namespace perfgate
