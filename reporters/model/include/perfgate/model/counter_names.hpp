#pragma once
// The names of the counters perfgate derives and records on a benchmark
// result (BenchmarkResult::counters), written once: the measuring stage
// (perf/src) sets them and the explain stage (reporters/explain) reads them
// under the same constants.  docs/design.md ("Counters") gives each formula.

namespace perfgate::counter {

inline constexpr char kFlop[] = "flop";  // one call's work, as declared
inline constexpr char kBytesRead[] = "bytes_read";
inline constexpr char kBytesWritten[] = "bytes_written";
inline constexpr char kPrecision[] = "precision";
inline constexpr char kTflopPerSecond[] = "TFLOP/s";
inline constexpr char kGigabytesPerSecond[] = "GB/s";
inline constexpr char kArithmeticIntensity[] = "arithmetic_intensity";
inline constexpr char kComputePct[] = "compute_pct";
inline constexpr char kMemoryPct[] = "memory_pct";
inline constexpr char kRooflinePct[] = "roofline_pct";
inline constexpr char kBound[] = "bound";        // "memory" or "compute"
inline constexpr char kCeilings[] = "ceilings";  // "measured" or "theoretical"
inline constexpr char kTcAlignment[] = "tc_alignment";
inline constexpr char kDeviceMemoryPeakBytes[] = "device_memory_peak_bytes";
inline constexpr char kSmClockMhz[] = "sm_clock_mhz";
// The counted pass (--perfgate_instructions): a timed iteration's counts
// under callgrind, the median of its counted repetitions, and the spread of
// the instructions over them ((max - min) / median, in %).
inline constexpr char kInstructions[] = "instructions";
inline constexpr char kInstructionsSpreadPct[] = "instructions_spread_pct";
inline constexpr char kL1Misses[] = "l1_misses";
inline constexpr char kBranchMispredicts[] = "branch_mispredicts";
// The GPU counted pass (--perfgate_instructions on a GPU suite): what a
// timed iteration's kernels did, summed over its kernels, read per kernel by
// CUPTI's range profiler (the median of the counted samples), and the spread
// of the instructions over the samples.  Warp instructions, not threads'.
inline constexpr char kKernelInstructions[] = "kernel_instructions";
inline constexpr char kKernelInstructionsSpreadPct[] = "kernel_instructions_spread_pct";
inline constexpr char kKernelDramBytesRead[] = "kernel_dram_bytes_read";
inline constexpr char kKernelDramBytesWritten[] = "kernel_dram_bytes_written";
inline constexpr char kKernelL2Bytes[] = "kernel_l2_bytes";
// The counts a case's counters add up over its kernels, a timed iteration.
inline constexpr const char* kKernelCaseCounts[] = {kKernelInstructions, kKernelDramBytesRead, kKernelDramBytesWritten,
                                                    kKernelL2Bytes};
// Per kernel only (KernelCounts): a share, which does not add up over kernels.
inline constexpr char kKernelAchievedOccupancyPct[] = "kernel_achieved_occupancy_pct";

}  // namespace perfgate::counter
