// KdeGpu: uploads a problem, allocates the buffers kde_buffer_sizes()
// lists, and queues the chosen variant's launches and SGEMMs.

#include "perfgate/kernels/kde_gpu.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include "kde_device_array.hpp"
#include "kde_launch.hpp"
#include "perfgate/kernels/cublas_gemm_types.hpp"
#include "perfgate/kernels/cublas_gemm.hpp"

namespace perfgate::kernels {
namespace {

KdeStatus cuda_status(const char* where, cudaError_t e) {
  KdeStatus s;
  s.cuda = e;
  if (e != cudaSuccess) s.where = where;
  return s;
}

KdeStatus cublas_status(const char* where, cublasStatus_t e) {
  KdeStatus s;
  s.cublas = e;
  if (e != CUBLAS_STATUS_SUCCESS) s.where = where;
  return s;
}

// The problem's spikes concatenated over electrodes, as the device holds them.
struct FlatProblem {
  std::vector<float> encoding_marks, encoding_positions, decoding_marks, rates;
  std::vector<int> decoding_time_bins, decoding_electrode, encoding_offsets{0}, decoding_offsets{0};
  explicit FlatProblem(const KdeProblem& problem) {
    for (std::size_t e = 0; e < problem.electrodes.size(); ++e) {
      const KdeElectrode& el = problem.electrodes[e];
      encoding_marks.insert(encoding_marks.end(), el.encoding_marks.begin(), el.encoding_marks.end());
      encoding_positions.insert(encoding_positions.end(), el.encoding_positions.begin(), el.encoding_positions.end());
      decoding_marks.insert(decoding_marks.end(), el.decoding_marks.begin(), el.decoding_marks.end());
      decoding_time_bins.insert(decoding_time_bins.end(), el.decoding_time_bins.begin(), el.decoding_time_bins.end());
      decoding_electrode.insert(decoding_electrode.end(), el.decoding_time_bins.size(), static_cast<int>(e));
      encoding_offsets.push_back(encoding_offsets.back() + static_cast<int>(problem.encoding_spikes(el)));
      decoding_offsets.push_back(decoding_offsets.back() + static_cast<int>(problem.decoding_spikes(el)));
      rates.push_back(static_cast<float>(problem.mean_rate(el)));
    }
  }
};

}  // namespace

std::string KdeStatus::text() const {
  if (ok()) return "ok";
  if (cublas != CUBLAS_STATUS_SUCCESS) return cublas_error_text(where.c_str(), cublas);
  return where + ": " + cudaGetErrorString(cuda);
}

struct KdeGpu::State {
  KdeVariant variant = KdeVariant::reference;
  KdeTiling tiling;
  std::vector<int> encoding_offsets, decoding_offsets;  // host copies: the optimized loop runs on the host
  std::vector<float> rates;
  KdeDeviceView view;
  DeviceArray<float> encoding_marks, encoding_positions, decoding_marks, rates_device, bins, samples, occupancy, gpi, ll;
  DeviceArray<int> decoding_time_bins, decoding_electrode, encoding_offsets_device, decoding_offsets_device;
  DeviceArray<float> scaled_marks, mark_weights, mark_maxima, position_weights, position_maxima, products;
  int block_rows = 0, tile_width = 0;
  std::unique_ptr<CublasGemm> gemm;

  KdeStatus upload(const KdeProblem& problem);
  KdeStatus allocate_workspace(const KdeProblem& problem);
  KdeStatus enqueue_reference(cudaStream_t stream);
  KdeStatus enqueue_optimized(cudaStream_t stream);
  KdeStatus enqueue_electrode(int e, cudaStream_t stream);
};

KdeStatus KdeGpu::State::upload(const KdeProblem& problem) {
  const FlatProblem flat(problem);
  encoding_offsets = flat.encoding_offsets;
  decoding_offsets = flat.decoding_offsets;
  rates = flat.rates;
  const std::size_t n_pos = problem.position_bin_count();
  cudaError_t e = cudaSuccess;
  for (cudaError_t step :
       {encoding_marks.upload(flat.encoding_marks), encoding_positions.upload(flat.encoding_positions),
        decoding_marks.upload(flat.decoding_marks), decoding_time_bins.upload(flat.decoding_time_bins),
        decoding_electrode.upload(flat.decoding_electrode), encoding_offsets_device.upload(flat.encoding_offsets),
        decoding_offsets_device.upload(flat.decoding_offsets), rates_device.upload(flat.rates),
        bins.upload(problem.position_bins), samples.upload(problem.position_samples), occupancy.allocate(n_pos),
        gpi.allocate(n_pos), ll.allocate(static_cast<std::size_t>(problem.time_bins) * n_pos)})
    if (e == cudaSuccess) e = step;
  if (e != cudaSuccess) return cuda_status("upload", e);
  view = {static_cast<int>(problem.electrodes.size()), problem.mark_dims, problem.position_dims, problem.time_bins,
          static_cast<int>(n_pos), static_cast<int>(problem.position_sample_count()), encoding_marks.get(),
          encoding_positions.get(), decoding_marks.get(), decoding_time_bins.get(), decoding_electrode.get(),
          encoding_offsets_device.get(), decoding_offsets_device.get(), rates_device.get(), bins.get(), samples.get(),
          occupancy.get(), gpi.get(), ll.get(), problem.total_decoding_spikes()};
  return {};
}

// Sizes from kde_buffer_sizes(), so the estimate is what is allocated.
KdeStatus KdeGpu::State::allocate_workspace(const KdeProblem& problem) {
  const KdeBufferSizes sizes = kde_buffer_sizes(problem, KdeVariant::optimized, tiling);
  block_rows = static_cast<int>(std::min<std::size_t>(tiling.block_size, problem.max_decoding_spikes()));
  tile_width = static_cast<int>(std::min<std::size_t>(tiling.pos_tile, problem.position_bin_count()));
  cudaError_t e = cudaSuccess;
  for (auto [array, bytes] : {std::pair{&scaled_marks, sizes.scaled_marks}, std::pair{&mark_weights, sizes.mark_weights},
                              std::pair{&mark_maxima, sizes.mark_maxima}, std::pair{&position_weights, sizes.position_weights},
                              std::pair{&position_maxima, sizes.position_maxima}, std::pair{&products, sizes.products}})
    if (e == cudaSuccess) e = array->allocate(bytes / sizeof(float));
  if (e != cudaSuccess) return cuda_status("cudaMalloc (workspace)", e);
  try {
    gemm = std::make_unique<CublasGemm>(nullptr);
  } catch (const std::exception&) {
    return cublas_status("cublasCreate", CUBLAS_STATUS_NOT_INITIALIZED);
  }
  return {};
}

KdeStatus KdeGpu::State::enqueue_reference(cudaStream_t stream) {
  if (KdeStatus s = cuda_status("reference gpi", launch_kde_reference_gpi(view, stream)); !s.ok()) return s;
  return cuda_status("reference joint", launch_kde_reference_joint(view, stream));
}

// Per tile of positions: B and gpi; per block of decoding spikes: the mark
// GEMM, A, the product GEMM, log and segment sum.
KdeStatus KdeGpu::State::enqueue_electrode(int e, cudaStream_t stream) {
  const int enc0 = encoding_offsets[e], n_enc = encoding_offsets[e + 1] - enc0;
  const int dec0 = decoding_offsets[e], n_dec = decoding_offsets[e + 1] - dec0;
  const float* scaled_encoding = scaled_marks.get() + static_cast<std::size_t>(enc0) * view.mark_dims;
  const float* scaled_decoding = scaled_marks.get() + (static_cast<std::size_t>(encoding_offsets.back()) + dec0) * view.mark_dims;
  const float log_scale = std::log(rates[e] / static_cast<float>(n_enc));
  for (int p0 = 0; p0 < view.position_bins; p0 += tile_width) {
    const int width = std::min(tile_width, view.position_bins - p0);
    const KdePositionTileArgs tile{encoding_positions.get() + static_cast<std::size_t>(enc0) * view.position_dims, n_enc, p0, width,
                                   rates[e] / static_cast<float>(n_enc), position_weights.get(), position_maxima.get()};
    if (KdeStatus s = cuda_status("position weights", launch_kde_position_weights(view, tile, stream)); !s.ok()) return s;
    for (int j0 = 0; j0 < n_dec; j0 += block_rows) {
      const int rows = std::min(block_rows, n_dec - j0);
      const float* block_marks = scaled_decoding + static_cast<std::size_t>(j0) * view.mark_dims;
      if (KdeStatus s = cublas_status("mark SGEMM", gemm->run(GemmPrecision::fp32, {rows, n_enc, view.mark_dims}, block_marks,
                                                              scaled_encoding, mark_weights.get()));
          !s.ok())
        return s;
      if (KdeStatus s = cuda_status("mark weights", launch_kde_mark_weights(scaled_encoding, block_marks, rows, n_enc, view.mark_dims,
                                                                            mark_weights.get(), mark_maxima.get(), stream));
          !s.ok())
        return s;
      if (KdeStatus s = cublas_status("product SGEMM", gemm->run(GemmPrecision::fp32, {rows, width, n_enc}, mark_weights.get(),
                                                                 position_weights.get(), products.get()));
          !s.ok())
        return s;
      const KdeEpilogueArgs block{decoding_time_bins.get() + dec0 + j0, mark_maxima.get(), position_maxima.get(), products.get(),
                                  rows, p0, width, log_scale};
      if (KdeStatus s = cuda_status("epilogue", launch_kde_epilogue(view, block, stream)); !s.ok()) return s;
    }
  }
  return {};
}

KdeStatus KdeGpu::State::enqueue_optimized(cudaStream_t stream) {
  gemm->set_stream(stream);
  const std::size_t total_encoding = static_cast<std::size_t>(encoding_offsets.back()) * view.mark_dims;
  if (KdeStatus s = cuda_status("scale marks", launch_kde_scale_marks(view, scaled_marks.get(), scaled_marks.get() + total_encoding,
                                                                      stream));
      !s.ok())
    return s;
  for (int e = 0; e < view.electrodes; ++e)
    if (KdeStatus s = enqueue_electrode(e, stream); !s.ok()) return s;
  return {};
}

KdeGpu::KdeGpu() : state_(std::make_unique<State>()) {}
KdeGpu::~KdeGpu() = default;

KdeStatus KdeGpu::create(const KdeProblem& problem, KdeVariant variant, KdeTiling tiling) {
  state_ = std::make_unique<State>();
  state_->variant = variant;
  state_->tiling = tiling;
  if (KdeStatus s = state_->upload(problem); !s.ok()) return s;
  if (variant == KdeVariant::optimized) return state_->allocate_workspace(problem);
  return {};
}

KdeStatus KdeGpu::enqueue(cudaStream_t stream) {
  State& s = *state_;
  const std::size_t ll_bytes = static_cast<std::size_t>(s.view.time_bins) * s.view.position_bins * sizeof(float);
  for (auto [what, e] : {std::pair{"cudaMemsetAsync", cudaMemsetAsync(s.view.log_likelihood, 0, ll_bytes, stream)},
                         std::pair{"cudaMemsetAsync", cudaMemsetAsync(s.view.gpi, 0, s.view.position_bins * sizeof(float), stream)},
                         std::pair{"occupancy", launch_kde_occupancy(s.view, stream)}})
    if (e != cudaSuccess) return cuda_status(what, e);
  const KdeStatus body = s.variant == KdeVariant::reference ? s.enqueue_reference(stream) : s.enqueue_optimized(stream);
  if (!body.ok()) return body;
  return cuda_status("subtract gpi", launch_kde_subtract_gpi(s.view, stream));
}

KdeStatus KdeGpu::download(std::vector<float>* log_likelihood) const {
  const State& s = *state_;
  log_likelihood->resize(static_cast<std::size_t>(s.view.time_bins) * s.view.position_bins);
  if (KdeStatus st = cuda_status("cudaDeviceSynchronize", cudaDeviceSynchronize()); !st.ok()) return st;
  return cuda_status("cudaMemcpy", cudaMemcpy(log_likelihood->data(), s.view.log_likelihood,
                                              log_likelihood->size() * sizeof(float), cudaMemcpyDeviceToHost));
}

}  // namespace perfgate::kernels
