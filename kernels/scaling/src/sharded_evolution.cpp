#include "perfgate/kernels/sharded_evolution.hpp"

#include <memory>
#include <optional>
#include <vector>

#include <cublas_v2.h>
#include <cuComplex.h>
#include <nccl.h>

#include "perfgate/kernels/cuda_check.hpp"
#include "perfgate/kernels/device_buffer.hpp"
#include "perfgate/kernels/nccl_communicators.hpp"
#include "perfgate/kernels/sharded_batch.hpp"

namespace perfgate::kernels {
namespace {

constexpr std::size_t kComplexBytes = sizeof(cuDoubleComplex);
using sharded::cublas_error_text;
using sharded::cublas_text;
using sharded::cuda_text;

// One GPU's shard and the handle that works on it.
struct Rank {
  cublasHandle_t cublas = nullptr;
  DeviceBuffer u, initial, ping, pong, targets;
  DeviceBuffer scalars;   // alpha = 1, beta = 0 (device pointer mode)
  DeviceBuffer overlap;   // this shard's sum
  DeviceBuffer reduced;   // the all-reduced sum
};

std::string upload(DeviceBuffer& buffer, const ComplexMatrix& m) { return sharded::upload(buffer, m.values); }

}  // namespace

struct ShardedEvolution::State {
  ScalingProblem problem;
  int states = 0;
  std::optional<NcclCommunicators> comms;
  std::vector<std::unique_ptr<Rank>> ranks;  // Rank holds buffers, which do not move

  // The streams finish before the handles and buffers go (the
  // communicators, declared first, go last).
  ~State() {
    if (comms) sharded::finish_ranks(*comms, ranks);
  }

  std::string set_up(int r, const ComplexMatrix& u) {
    Rank& rank = *ranks[static_cast<std::size_t>(r)];
    if (std::string e = cuda_text("cudaSetDevice", cudaSetDevice(r)); !e.empty()) return e;
    const long long first = static_cast<long long>(r) * states;
    if (std::string e = upload(rank.u, u); !e.empty()) return e;
    if (std::string e = upload(rank.initial, state_columns(problem, StateKind::initial, first, states)); !e.empty()) return e;
    if (std::string e = upload(rank.targets, state_columns(problem, StateKind::target, first, states)); !e.empty()) return e;
    ComplexMatrix one_zero(2, 1);
    one_zero.at(0, 0) = 1.0;
    if (std::string e = upload(rank.scalars, one_zero); !e.empty()) return e;
    const std::size_t shard_bytes = rank.initial.bytes();
    for (DeviceBuffer* b : {&rank.ping, &rank.pong})
      if (std::string e = cuda_text("cudaMalloc", b->allocate(shard_bytes)); !e.empty()) return e;
    for (DeviceBuffer* b : {&rank.overlap, &rank.reduced})
      if (std::string e = cuda_text("cudaMalloc", b->allocate(kComplexBytes)); !e.empty()) return e;
    return sharded::create_handle(&rank.cublas, comms->stream(r));
  }
};

ShardedEvolution::ShardedEvolution() = default;
ShardedEvolution::~ShardedEvolution() = default;

std::string ShardedEvolution::create(const ScalingProblem& problem, const ComplexMatrix& u, int gpus,
                                     int states_per_gpu) {
  state_ = std::make_unique<State>();
  state_->problem = problem;
  state_->states = states_per_gpu;
  return sharded::create_ranks(gpus, &state_->comms, &state_->ranks, [&](int r) { return state_->set_up(r, u); });
}

int ShardedEvolution::gpus() const { return static_cast<int>(state_->ranks.size()); }
int ShardedEvolution::states_per_gpu() const { return state_->states; }
cudaStream_t ShardedEvolution::stream(int rank) const { return state_->comms->stream(rank); }

std::string ShardedEvolution::enqueue_compute(int rank) {
  Rank& r = *state_->ranks[static_cast<std::size_t>(rank)];
  if (std::string e = cuda_text("cudaSetDevice", cudaSetDevice(rank)); !e.empty()) return e;
  const int d = state_->problem.dimension, s = state_->states;
  const auto* alpha = r.scalars.as<cuDoubleComplex>();
  const cuDoubleComplex* src = r.initial.as<cuDoubleComplex>();
  for (int step = 0; step < state_->problem.steps; ++step) {
    cuDoubleComplex* dst = (step % 2 == 0 ? r.ping : r.pong).as<cuDoubleComplex>();
    const cublasStatus_t st = cublasZgemm(r.cublas, CUBLAS_OP_N, CUBLAS_OP_N, d, s, d, alpha, r.u.as<cuDoubleComplex>(), d,
                                          src, d, alpha + 1, dst, d);
    if (st != CUBLAS_STATUS_SUCCESS) return cublas_error_text("cublasZgemm", st);
    src = dst;
  }
  return cublas_text("cublasZdotc", cublasZdotc(r.cublas, d * s, r.targets.as<cuDoubleComplex>(), 1, src, 1,
                                                r.overlap.as<cuDoubleComplex>()));
}

std::string ShardedEvolution::enqueue_collective() {
  std::vector<const DeviceBuffer*> sends, receives;
  for (const auto& rank : state_->ranks) {
    sends.push_back(&rank->overlap);
    receives.push_back(&rank->reduced);
  }
  return sharded::all_reduce_sum(*state_->comms, sends, receives, 2);  // one complex number
}

std::string ShardedEvolution::reduced_overlap(int rank, Complex* overlap) const {
  if (std::string e = cuda_text("cudaSetDevice", cudaSetDevice(rank)); !e.empty()) return e;
  if (std::string e = cuda_text("cudaStreamSynchronize", cudaStreamSynchronize(stream(rank))); !e.empty()) return e;
  return cuda_text("cudaMemcpy", cudaMemcpy(overlap, state_->ranks[static_cast<std::size_t>(rank)]->reduced.get(),
                                            kComplexBytes, cudaMemcpyDeviceToHost));
}

}  // namespace perfgate::kernels
