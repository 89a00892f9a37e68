// Clusterless KDE decoding (non_local_detector's clusterless_kde*.py): the
// log-likelihood of every position bin in every decoding time bin from
// marked spikes, two ways.  `reference` evaluates the definition directly
// (one thread per output, an exp per Gaussian factor inside the loop over
// encoding spikes); `optimized` is the compensated-linear algorithm (marks
// scaled, a K = D SGEMM for log K_mark, max-compensated weights, one SGEMM
// per electrode for sum_s K_mark K_pos).  Presets tiny .. realistic follow
// the original profiler's table; production is the plan's 22-tetrode,
// 4-feature, 3420-bin 2-D shape over 2000 time bins.  The reference at
// production is ~3e10 (s, j, p) triples of 6 Gaussian factors: ~0.2 s per
// call on an H100 by estimate, so it is kept.
// Counters: memory_estimate_bytes (kde_memory_estimate, the buffers the
// variant allocates; perfgate records device_memory_peak_bytes beside it);
// on the optimized cases agreement_vs_reference = max over LL of
// |optimized - reference| / (1e-5 + 1e-4 |reference|), the two GPU
// variants' results after the timed run (<= 1: within rtol 1e-4, atol 1e-5;
// the tests check both against the float64 CPU reference).
// Figures: kde/optimized_speedup/<preset> = reference / optimized.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "perfgate/kernels/kde_cost.hpp"
#include "perfgate/kernels/kde_gpu.hpp"
#include "perfgate/kernels/kde_presets.hpp"
#include "perfgate/perfgate.hpp"

namespace {

namespace kernels = perfgate::kernels;
using kernels::KdeVariant;

// One data set per preset, the same in every run, so baselines compare like with like.
constexpr std::uint64_t kSeed = 20260420;
constexpr KdeVariant kVariants[] = {KdeVariant::reference, KdeVariant::optimized};

std::string kde_case(KdeVariant variant, const kernels::KdePreset& preset) {
  return std::string("kde/") + kernels::to_string(variant) + "/" + preset.name;
}

// Launches one optimized call queues: per electrode and tile, B and per
// block two SGEMMs (up to two kernels each) and two kernels.  measure()
// holds the stream with a blocking kernel while a sample is queued, and the
// driver's queue takes ~1000 launches; past a few hundred, launch latency
// is long hidden by the work anyway.
bool few_launches(const kernels::KdeProblem& problem, KdeVariant variant) {
  if (variant == KdeVariant::reference) return true;
  const kernels::KdeTiling tiling;
  const std::size_t tiles = (problem.position_bin_count() + tiling.pos_tile - 1) / tiling.pos_tile;
  std::size_t launches = 5;
  for (const kernels::KdeElectrode& e : problem.electrodes) {
    const std::size_t blocks = (problem.decoding_spikes(e) + tiling.block_size - 1) / tiling.block_size;
    launches += tiles * (1 + 6 * blocks);
  }
  return launches <= 500;
}

bool created(benchmark::State& state, const kernels::KdeStatus& status) {
  if (status.ok()) return true;
  if (status.cublas == CUBLAS_STATUS_SUCCESS) return perfgate::cuda::check(state, status.where.c_str(), status.cuda);
  state.SkipWithError(status.text().c_str());
  return false;
}

// The variants' agreement, measured once after timing, untimed.
void record_agreement(benchmark::State& state, const kernels::KdeProblem& problem, const kernels::KdeGpu& optimized) {
  kernels::KdeGpu reference;
  std::vector<float> want, got;
  kernels::KdeStatus s = reference.create(problem, KdeVariant::reference);
  if (s.ok()) s = reference.enqueue(nullptr);
  if (s.ok()) s = reference.download(&want);
  if (s.ok()) s = optimized.download(&got);
  if (!s.ok() || want.size() != got.size()) return;  // the timed result stands; the counter is left out
  double worst = 0.0;
  for (std::size_t i = 0; i < want.size(); ++i)
    worst = std::max(worst, std::abs(double(got[i]) - want[i]) / (1e-5 + 1e-4 * std::abs(double(want[i]))));
  state.counters["agreement_vs_reference"] = worst;
}

void BM_kde(benchmark::State& state, KdeVariant variant, const kernels::KdePreset* preset) {
  if (!perfgate::cuda::device_ready(state)) return;
  // The host data once per case, uploaded before anything is timed.
  const kernels::KdeProblem problem = kernels::make_kde_problem(*preset, kSeed);
  state.counters["memory_estimate_bytes"] = static_cast<double>(kernels::kde_memory_estimate(problem, variant));
  kernels::KdeGpu kde;
  if (!created(state, kde.create(problem, variant))) return;
  perfgate::cuda::MeasureOptions options;
  options.hide_latency = few_launches(problem, variant);
  kernels::KdeStatus status;
  perfgate::cuda::measure(state, [&](cudaStream_t stream) {
    if (status.ok()) status = kde.enqueue(stream);
  }, options);
  if (!status.ok()) {
    if (!state.error_occurred()) state.SkipWithError(status.text().c_str());
    return;
  }
  if (variant == KdeVariant::optimized) record_agreement(state, problem, kde);
  const kernels::KdeWork work = kernels::kde_work(problem, variant);
  perfgate::work(state).flops(work.flops).bytes_read(work.bytes_read).bytes_written(work.bytes_written)
      .precision(perfgate::Precision::fp32);
}

int register_cases() {
  for (const kernels::KdePreset& preset : kernels::kde_presets())
    for (KdeVariant variant : kVariants)
      perfgate::register_case(kde_case(variant, preset).c_str(), BM_kde, variant, &preset)
          ->UseManualTime()->Setup(perfgate::cuda::note_memory_before_case)->MinTime(0.05);
  return 0;
}
const int registered = register_cases();

int register_figures() {
  for (const kernels::KdePreset& preset : kernels::kde_presets())
    perfgate::register_figure(perfgate::figures::speedup(std::string("kde/optimized_speedup/") + preset.name,
                                                         kde_case(KdeVariant::reference, preset),
                                                         kde_case(KdeVariant::optimized, preset)));
  return 0;
}
const int figures_registered = register_figures();

}  // namespace
