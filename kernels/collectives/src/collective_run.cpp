#include "perfgate/kernels/collective_run.hpp"

#include <algorithm>
#include <span>

#include "perfgate/kernels/current_device.hpp"
#include "pattern_fill.hpp"
#include "perfgate/kernels/collective_pattern.hpp"
#include "perfgate/kernels/cuda_check.hpp"

namespace perfgate::kernels {
namespace {

constexpr int kBroadcastRoot = 0;  // collective_pattern.hpp's expected values assume it

bool cuda_ok(const char* api, cudaError_t error, int rank, std::string* problem) {
  if (error == cudaSuccess) return true;
  *problem = cuda_error_text(api, error) + " on GPU " + std::to_string(rank);
  return false;
}

// Bytes of a buffer of `elements` floats; at least one element, so that
// every rank has a distinct, valid pointer even for an empty part.
std::size_t buffer_bytes(std::size_t elements) { return (elements == 0 ? 1 : elements) * sizeof(float); }

}  // namespace

CollectiveRun::CollectiveRun(const NcclCommunicators& comms, CollectiveSpec spec)
    : comms_(comms), spec_(spec), counts_(collective_counts(spec.collective, spec.elements, comms.size())) {}

CollectiveRun::~CollectiveRun() {
  CurrentDevice keep;
  for (std::size_t rank = 0; rank < recv_.size(); ++rank) {
    cudaSetDevice(comms_.device(static_cast<int>(rank)));
    cudaStreamSynchronize(comms_.stream(static_cast<int>(rank)));  // nothing may still use the buffers
    if (rank < send_.size()) cudaFree(send_[rank]);
    cudaFree(recv_[rank]);
  }
}

// One rank's buffer; out of memory is remembered and not left as the
// thread's last error.
bool CollectiveRun::allocate_buffer(float** buffer, std::size_t elements, int rank, std::string* problem) {
  const cudaError_t error = cudaMalloc(buffer, buffer_bytes(elements));
  if (error == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    out_of_memory_ = true;
  }
  return cuda_ok("cudaMalloc", error, rank, problem);
}

bool CollectiveRun::allocate(std::string* problem) {
  CurrentDevice keep;
  // In place the one buffer holds the larger of input and output.
  const std::size_t output_elements = spec_.in_place ? std::max(counts_.send, counts_.recv) : counts_.recv;
  for (int rank = 0; rank < comms_.size(); ++rank) {
    if (!cuda_ok("cudaSetDevice", cudaSetDevice(comms_.device(rank)), rank, problem)) return false;
    float* recv = nullptr;
    if (!allocate_buffer(&recv, output_elements, rank, problem)) return false;
    recv_.push_back(recv);
    if (spec_.in_place) continue;
    float* send = nullptr;
    if (!allocate_buffer(&send, counts_.send, rank, problem)) return false;
    send_.push_back(send);
  }
  return true;
}

float* CollectiveRun::input(int rank) const {
  const auto r = static_cast<std::size_t>(rank);
  if (!spec_.in_place) return send_[r];
  // nccl-tests' in-place offsets: all-gather's input is the rank's own part
  // of the gathered output.
  return spec_.collective == Collective::all_gather ? recv_[r] + r * counts_.count : recv_[r];
}

float* CollectiveRun::output(int rank) const {
  const auto r = static_cast<std::size_t>(rank);
  // Reduce-scatter in place leaves the rank's part of the reduced input.
  if (spec_.in_place && spec_.collective == Collective::reduce_scatter) return recv_[r] + r * counts_.count;
  return recv_[r];
}

double CollectiveRun::bytes() const {
  return algorithm_bytes(spec_.collective, counts_.count, sizeof(float), comms_.size());
}

bool CollectiveRun::enqueue(std::string* problem) {
  CurrentDevice keep;
  const char* call = "ncclGroupStart";
  ncclResult_t result = ncclGroupStart();
  for (int rank = 0; result == ncclSuccess && rank < comms_.size(); ++rank) {
    const ncclComm_t comm = comms_.comm(rank);
    const cudaStream_t stream = comms_.stream(rank);
    switch (spec_.collective) {
      case Collective::all_reduce:
        call = "ncclAllReduce";
        result = ncclAllReduce(input(rank), output(rank), counts_.count, ncclFloat, ncclSum, comm, stream);
        break;
      case Collective::all_gather:
        call = "ncclAllGather";
        result = ncclAllGather(input(rank), output(rank), counts_.count, ncclFloat, comm, stream);
        break;
      case Collective::reduce_scatter:
        call = "ncclReduceScatter";
        result = ncclReduceScatter(input(rank), output(rank), counts_.count, ncclFloat, ncclSum, comm, stream);
        break;
      case Collective::broadcast:
        call = "ncclBroadcast";
        result = ncclBroadcast(input(rank), output(rank), counts_.count, ncclFloat, kBroadcastRoot, comm, stream);
        break;
    }
  }
  // The group must be closed even after a failed call inside it.
  const ncclResult_t ended = ncclGroupEnd();
  if (result == ncclSuccess && ended != ncclSuccess) {
    call = "ncclGroupEnd";
    result = ended;
  }
  if (result == ncclSuccess) return true;
  *problem = nccl_error_text(call, result);
  return false;
}

bool CollectiveRun::fill(std::string* problem) {
  CurrentDevice keep;
  for (int rank = 0; rank < comms_.size(); ++rank) {
    const cudaStream_t stream = comms_.stream(rank);
    const std::size_t output_elements = spec_.in_place ? std::max(counts_.send, counts_.recv) : counts_.recv;
    // NaN everywhere first (0xff bytes), so an element NCCL never wrote is
    // wrong; then the input, which in place lies inside that buffer.
    if (!cuda_ok("cudaSetDevice", cudaSetDevice(comms_.device(rank)), rank, problem) ||
        !cuda_ok("cudaMemsetAsync", cudaMemsetAsync(recv_[static_cast<std::size_t>(rank)], 0xff,
                                                    buffer_bytes(output_elements), stream), rank, problem) ||
        !cuda_ok("fill_collective_pattern", fill_collective_pattern(input(rank), counts_.send, rank, stream), rank,
                 problem))
      return false;
  }
  return true;
}

std::optional<std::size_t> CollectiveRun::check(std::string* problem) {
  if (!fill(problem) || !enqueue(problem)) return std::nullopt;
  CurrentDevice keep;
  std::vector<float> host(counts_.recv);
  const std::size_t host_bytes = host.size() * sizeof(float);
  std::size_t wrong = 0;
  for (int rank = 0; rank < comms_.size(); ++rank) {
    if (!cuda_ok("cudaSetDevice", cudaSetDevice(comms_.device(rank)), rank, problem) ||
        !cuda_ok("cudaStreamSynchronize", cudaStreamSynchronize(comms_.stream(rank)), rank, problem) ||
        !cuda_ok("cudaMemcpy", cudaMemcpy(host.data(), output(rank), host_bytes, cudaMemcpyDeviceToHost), rank, problem))
      return std::nullopt;
    wrong += count_wrong(spec_.collective, comms_.size(), rank, counts_.count, std::span<const float>(host));
  }
  return wrong;
}

}  // namespace perfgate::kernels
