#pragma once
// The rules, one per file in this folder.  Names are stable: users switch
// rules off by them (--perfgate_suggest_disable, perfgate suggest --disable).

#include "perfgate/explain/rule.hpp"

namespace perfgate::rules {

// A rule whose name is written once: every suggestion `find` returns is
// stamped with it (reporters/explain/src/suggest.cpp).
Rule make_rule(std::string name, std::string description,
               std::function<std::vector<Suggestion>(const SuggestContext&)> find);

Rule launch_bound();            // "launch-bound": time per call within a few launch floors
Rule memory_bound();            // "memory-bound": bound = memory under 60% of the bandwidth ceiling
Rule compute_bound();           // "compute-bound": bound = compute under 50% of the compute ceiling
Rule faster_precision();        // "faster-precision": FP32 where a TF32/FP16/BF16 variant measured faster
Rule tensor_core_alignment();   // "tensor-core-alignment": a tensor-core precision on a misaligned shape
Rule batch_size();              // "batch-size": a batch-size sweep's knee and limit
Rule jit_break_even();          // "jit-break-even": compile cost against the calls that repay it
Rule memory_pool();             // "memory-pool": per-iteration cudaMalloc where a pool measured faster
Rule transfers();               // "transfers": pageable or synchronous copies where pinned/overlapped measured faster
Rule noisy();                   // "noisy": robust CV over 3%
Rule gpu_slower_than_cpu();     // "gpu-slower-than-cpu": the CPU reference wins at small sizes (crossover)
Rule regression_explained();    // "regression-explained": what changed in a REGRESSION's counters and kernels
Rule scaling_efficiency();      // "scaling-efficiency": a multi-GPU case under 80% efficient, and what grew
Rule collective_below_peak();   // "collective-below-peak": a collective's busbw far below the measured peer bandwidth
Rule gradient_method();         // "gradient-method": adjoint or tape, by the tape's memory share and the times
Rule counted_work();            // "counted-work": more instructions a timed iteration than the baseline (counted pass)
Rule dram_bytes_grew();         // "dram-bytes-grew": a memory-bound GPU case whose kernels move more DRAM bytes

}  // namespace perfgate::rules
