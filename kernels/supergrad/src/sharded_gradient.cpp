#include "perfgate/kernels/sharded_gradient.hpp"

#include <optional>
#include <utility>

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
using Z = cuDoubleComplex;

using sharded::cublas_error_text;
using sharded::cublas_text;
using sharded::cuda_text;
using sharded::upload;

// The shard's blocks, in complex numbers: what gradient_device_bytes counts.
struct Layout {
  std::size_t d2, block, tape_blocks;
  Layout(const ControlProblem& p, GradientMethod method, int states)
      : d2(static_cast<std::size_t>(p.dimension) * static_cast<std::size_t>(p.dimension)),
        block(static_cast<std::size_t>(p.dimension) * static_cast<std::size_t>(states)),
        tape_blocks(method == GradientMethod::tape ? static_cast<std::size_t>(p.steps) + 1 : 2) {}
};

// One GPU's shard, operators and the handle that works on them.
struct Rank {
  cublasHandle_t cublas = nullptr;
  DeviceBuffer v, derivatives, initial, targets;
  DeviceBuffer psi;        // the adjoint's two blocks, or the tape's T + 1
  DeviceBuffer mu, scratch;  // mu: two blocks
  DeviceBuffer overlaps, table, ones, scalars;
  DeviceBuffer packed, reduced;  // [loss, sum_t <mu|D_k psi> for each k]
  std::size_t bytes() const {
    std::size_t sum = 0;
    for (const DeviceBuffer* b : {&v, &derivatives, &initial, &targets, &psi, &mu, &scratch, &overlaps, &table, &ones,
                                  &scalars, &packed, &reduced})
      sum += b->bytes();
    return sum;
  }
};

std::string allocate(DeviceBuffer& buffer, std::size_t complex_values) {
  return cuda_text("cudaMalloc", buffer.allocate(complex_values * kComplexBytes));
}

// C = op(A) B for d x d A and d x S B.
cublasStatus_t gemm(cublasHandle_t h, cublasOperation_t op, int d, int s, const Z* scalars, const Z* a, const Z* b, Z* c) {
  return cublasZgemm(h, op, CUBLAS_OP_N, d, s, d, scalars, a, d, b, d, scalars + 1, c, d);
}

}  // namespace

struct ShardedGradient::State {
  ControlProblem problem;
  GradientMethod method = GradientMethod::adjoint;
  int states = 0;
  std::optional<NcclCommunicators> comms;
  std::vector<std::unique_ptr<Rank>> ranks;

  ~State() {
    if (comms) sharded::finish_ranks(*comms, ranks);
  }

  // The handle (and its workspace) first, then the operators and states,
  // then the blocks: a tape that takes the rest of the device fails in
  // cudaMalloc, the "does not fit" skip, not in cublasCreate.
  std::string set_up(int r, const StepOperators& step) {
    Rank& rank = *ranks[static_cast<std::size_t>(r)];
    if (std::string e = cuda_text("cudaSetDevice", cudaSetDevice(r)); !e.empty()) return e;
    if (std::string e = sharded::create_handle(&rank.cublas, comms->stream(r)); !e.empty()) return e;
    if (std::string e = upload_inputs(r, rank, step); !e.empty()) return e;
    return allocate_blocks(rank);
  }

  // V, the derivatives, the scalars {1, 0}, T ones, and the shard's states.
  std::string upload_inputs(int r, Rank& rank, const StepOperators& step) {
    const long long first = static_cast<long long>(r) * states;
    const ScalingProblem source = state_source(problem);
    std::vector<Complex> stacked;
    for (const ComplexMatrix& d : step.derivatives) stacked.insert(stacked.end(), d.values.begin(), d.values.end());
    const std::vector<Complex> scalars = {Complex(1.0, 0.0), Complex(0.0, 0.0)};
    const std::vector<Complex> ones(static_cast<std::size_t>(problem.steps), Complex(1.0, 0.0));
    using Upload = std::pair<DeviceBuffer*, const std::vector<Complex>*>;
    for (auto [buffer, values] : {Upload{&rank.v, &step.v.values}, Upload{&rank.derivatives, &stacked},
                                  Upload{&rank.scalars, &scalars}, Upload{&rank.ones, &ones}})
      if (std::string e = upload(*buffer, *values); !e.empty()) return e;
    if (std::string e = upload(rank.initial, state_columns(source, StateKind::initial, first, states).values); !e.empty()) return e;
    return upload(rank.targets, state_columns(source, StateKind::target, first, states).values);
  }

  std::string allocate_blocks(Rank& rank) {
    const Layout l(problem, method, states);
    const std::size_t k = static_cast<std::size_t>(problem.controls);
    using Allocation = std::pair<DeviceBuffer*, std::size_t>;
    for (auto [buffer, values] : {Allocation{&rank.psi, l.tape_blocks * l.block}, Allocation{&rank.mu, 2 * l.block},
                                  Allocation{&rank.scratch, l.block}, Allocation{&rank.overlaps, static_cast<std::size_t>(states)},
                                  Allocation{&rank.table, static_cast<std::size_t>(problem.steps) * k},
                                  Allocation{&rank.packed, 1 + k}, Allocation{&rank.reduced, 1 + k}})
      if (std::string e = allocate(*buffer, values); !e.empty()) return e;
    return {};
  }

  // psi_T, and on the way the tape (block t = psi_t) or the two blocks' last.
  std::string forward(int rank, Rank& r, Z** psi_t) {
    const int d = problem.dimension, s = states;
    const Layout l(problem, method, states);
    const Z* one = r.scalars.as<Z>();
    Z* blocks = r.psi.as<Z>();
    const Z* src = r.initial.as<Z>();
    if (method == GradientMethod::tape) {
      const cudaError_t e = cudaMemcpyAsync(blocks, src, l.block * kComplexBytes, cudaMemcpyDeviceToDevice, comms->stream(rank));
      if (e != cudaSuccess) return cuda_error_text("cudaMemcpyAsync", e);
      src = blocks;
    }
    for (int t = 0; t < problem.steps; ++t) {
      Z* dst = method == GradientMethod::tape ? blocks + static_cast<std::size_t>(t + 1) * l.block
                                              : blocks + static_cast<std::size_t>(t % 2) * l.block;
      if (const cublasStatus_t st = gemm(r.cublas, CUBLAS_OP_N, d, s, one, r.v.as<Z>(), src, dst); st != CUBLAS_STATUS_SUCCESS)
        return cublas_error_text("cublasZgemm", st);
      src = dst;
    }
    *psi_t = const_cast<Z*>(src);
    return {};
  }

  // The overlaps, the shard's loss (packed[0]) and mu_T (the mu's first block).
  std::string overlaps(Rank& r, const Z* psi_t) {
    const int d = problem.dimension, s = states;
    const Z* one = r.scalars.as<Z>();
    cublasStatus_t st = cublasZgemmStridedBatched(r.cublas, CUBLAS_OP_C, CUBLAS_OP_N, 1, 1, d, one, r.targets.as<Z>(), d, d,
                                                  psi_t, d, d, one + 1, r.overlaps.as<Z>(), 1, 1, s);
    if (st != CUBLAS_STATUS_SUCCESS) return cublas_error_text("cublasZgemmStridedBatched", st);
    st = cublasZdotc(r.cublas, s, r.overlaps.as<Z>(), 1, r.overlaps.as<Z>(), 1, r.packed.as<Z>());
    if (st != CUBLAS_STATUS_SUCCESS) return cublas_error_text("cublasZdotc", st);
    return cublas_text("cublasZdgmm", cublasZdgmm(r.cublas, CUBLAS_SIDE_RIGHT, d, s, r.targets.as<Z>(), d,
                                                  r.overlaps.as<Z>(), 1, r.mu.as<Z>(), d));
  }

  std::string backward(Rank& r, Z* psi) {
    const int d = problem.dimension, s = states, k_count = problem.controls;
    const Layout l(problem, method, states);
    const Z* one = r.scalars.as<Z>();
    Z* mu = r.mu.as<Z>();
    Z* mu_next = mu + l.block;
    for (int t = problem.steps; t >= 1; --t) {
      Z* prev = r.psi.as<Z>() + static_cast<std::size_t>(t - 1) * l.block;  // the tape's psi_{t-1}
      if (method == GradientMethod::adjoint) {  // re-derived by the inverse step into the other block
        prev = psi == r.psi.as<Z>() ? r.psi.as<Z>() + l.block : r.psi.as<Z>();
        if (const cublasStatus_t st = gemm(r.cublas, CUBLAS_OP_C, d, s, one, r.v.as<Z>(), psi, prev); st != CUBLAS_STATUS_SUCCESS)
          return cublas_error_text("cublasZgemm", st);
      }
      for (int k = 0; k < k_count; ++k) {
        const Z* dk = r.derivatives.as<Z>() + static_cast<std::size_t>(k) * l.d2;
        if (const cublasStatus_t st = gemm(r.cublas, CUBLAS_OP_N, d, s, one, dk, prev, r.scratch.as<Z>()); st != CUBLAS_STATUS_SUCCESS)
          return cublas_error_text("cublasZgemm", st);
        Z* entry = r.table.as<Z>() + static_cast<std::size_t>(k) + static_cast<std::size_t>(t - 1) * static_cast<std::size_t>(k_count);
        if (const cublasStatus_t st = cublasZdotc(r.cublas, d * s, mu, 1, r.scratch.as<Z>(), 1, entry); st != CUBLAS_STATUS_SUCCESS)
          return cublas_error_text("cublasZdotc", st);
      }
      if (const cublasStatus_t st = gemm(r.cublas, CUBLAS_OP_C, d, s, one, r.v.as<Z>(), mu, mu_next); st != CUBLAS_STATUS_SUCCESS)
        return cublas_error_text("cublasZgemm", st);
      std::swap(mu, mu_next);
      psi = prev;
    }
    // Each control's sum over the steps, beside the loss.
    return cublas_text("cublasZgemv", cublasZgemv(r.cublas, CUBLAS_OP_N, k_count, problem.steps, one, r.table.as<Z>(), k_count,
                                                  r.ones.as<Z>(), 1, one + 1, r.packed.as<Z>() + 1, 1));
  }
};

ShardedGradient::ShardedGradient() = default;
ShardedGradient::~ShardedGradient() = default;

std::string ShardedGradient::create(const ControlProblem& problem, const StepOperators& step, GradientMethod method,
                                    int gpus, int states_per_gpu) {
  state_ = std::make_unique<State>();
  state_->problem = problem;
  state_->method = method;
  state_->states = states_per_gpu;
  return sharded::create_ranks(gpus, &state_->comms, &state_->ranks, [&](int r) { return state_->set_up(r, step); });
}

int ShardedGradient::gpus() const { return static_cast<int>(state_->ranks.size()); }
int ShardedGradient::states_per_gpu() const { return state_->states; }
cudaStream_t ShardedGradient::stream(int rank) const { return state_->comms->stream(rank); }
std::size_t ShardedGradient::device_bytes(int rank) const { return state_->ranks[static_cast<std::size_t>(rank)]->bytes(); }

std::string ShardedGradient::enqueue_compute(int rank) {
  Rank& r = *state_->ranks[static_cast<std::size_t>(rank)];
  if (std::string e = cuda_text("cudaSetDevice", cudaSetDevice(rank)); !e.empty()) return e;
  Z* psi_t = nullptr;
  if (std::string e = state_->forward(rank, r, &psi_t); !e.empty()) return e;
  if (std::string e = state_->overlaps(r, psi_t); !e.empty()) return e;
  return state_->backward(r, psi_t);
}

std::string ShardedGradient::enqueue_collective() {
  std::vector<const DeviceBuffer*> sends, receives;
  for (const auto& rank : state_->ranks) {
    sends.push_back(&rank->packed);
    receives.push_back(&rank->reduced);
  }
  return sharded::all_reduce_sum(*state_->comms, sends, receives, 2 * (1 + static_cast<std::size_t>(state_->problem.controls)));
}

std::string ShardedGradient::reduced_gradient(int rank, double* loss, std::vector<double>* gradient) const {
  if (std::string e = cuda_text("cudaSetDevice", cudaSetDevice(rank)); !e.empty()) return e;
  if (std::string e = cuda_text("cudaStreamSynchronize", cudaStreamSynchronize(stream(rank))); !e.empty()) return e;
  std::vector<Complex> packed(1 + static_cast<std::size_t>(state_->problem.controls));
  if (std::string e = cuda_text("cudaMemcpy", cudaMemcpy(packed.data(), state_->ranks[static_cast<std::size_t>(rank)]->reduced.get(),
                                                         packed.size() * kComplexBytes, cudaMemcpyDeviceToHost));
      !e.empty())
    return e;
  *loss = packed[0].real();
  gradient->clear();
  for (std::size_t k = 1; k < packed.size(); ++k) gradient->push_back(2.0 * packed[k].real());
  return {};
}

}  // namespace perfgate::kernels
