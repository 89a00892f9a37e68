#include "perfgate/kernels/nccl_communicators.hpp"

#include <numeric>
#include <utility>

#include "perfgate/kernels/current_device.hpp"
#include "perfgate/kernels/cuda_check.hpp"

namespace perfgate::kernels {

std::string nccl_error_text(const char* call, ncclResult_t result) {
  std::string text = std::string(call) + ": " + ncclGetErrorString(result);
  // NCCL's own explanation goes to its log, not to the error code.
  if (result == ncclSystemError || result == ncclInternalError || result == ncclUnhandledCudaError ||
      result == ncclInvalidUsage || result == ncclRemoteError)
    text += " (run with NCCL_DEBUG=WARN for NCCL's reason)";
  return text;
}

std::optional<NcclCommunicators> NcclCommunicators::create(int gpus, std::string* problem) {
  int visible = 0;
  if (const cudaError_t e = cudaGetDeviceCount(&visible); e != cudaSuccess) {
    *problem = cuda_error_text("cudaGetDeviceCount", e);
    return std::nullopt;
  }
  if (gpus < 1 || gpus > visible) {
    *problem = "NcclCommunicators: asked for " + std::to_string(gpus) + " GPUs, " + std::to_string(visible) +
               " visible";
    return std::nullopt;
  }
  CurrentDevice keep;  // the caller's device is current again afterwards
  NcclCommunicators made;
  made.streams_.assign(static_cast<std::size_t>(gpus), nullptr);
  for (int rank = 0; rank < gpus; ++rank) {
    cudaError_t e = cudaSetDevice(rank);
    if (e == cudaSuccess)
      e = cudaStreamCreateWithFlags(&made.streams_[static_cast<std::size_t>(rank)], cudaStreamNonBlocking);
    if (e != cudaSuccess) {
      *problem = cuda_error_text("cudaStreamCreateWithFlags", e) + " on GPU " + std::to_string(rank);
      return std::nullopt;  // made's destructor frees the streams made so far
    }
  }
  std::vector<int> devices(static_cast<std::size_t>(gpus));
  std::iota(devices.begin(), devices.end(), 0);
  std::vector<ncclComm_t> comms(static_cast<std::size_t>(gpus), nullptr);
  if (const ncclResult_t r = ncclCommInitAll(comms.data(), gpus, devices.data()); r != ncclSuccess) {
    *problem = nccl_error_text("ncclCommInitAll", r);
    return std::nullopt;
  }
  made.comms_ = std::move(comms);
  return made;
}

NcclCommunicators::NcclCommunicators(NcclCommunicators&& other) noexcept
    : comms_(std::exchange(other.comms_, {})), streams_(std::exchange(other.streams_, {})) {}

NcclCommunicators& NcclCommunicators::operator=(NcclCommunicators&& other) noexcept {
  if (this != &other) {
    release();
    comms_ = std::exchange(other.comms_, {});
    streams_ = std::exchange(other.streams_, {});
  }
  return *this;
}

NcclCommunicators::~NcclCommunicators() { release(); }

void NcclCommunicators::release() {
  if (streams_.empty()) return;  // moved from
  CurrentDevice keep;
  // Errors cannot be reported from here; a lost context fails these calls
  // harmlessly.  Work still queued must end before its communicator goes.
  for (std::size_t rank = 0; rank < streams_.size(); ++rank) {
    if (!streams_[rank]) continue;
    cudaSetDevice(static_cast<int>(rank));
    cudaStreamSynchronize(streams_[rank]);
  }
  for (ncclComm_t comm : comms_)
    if (comm) ncclCommDestroy(comm);
  for (std::size_t rank = 0; rank < streams_.size(); ++rank) {
    if (!streams_[rank]) continue;
    cudaSetDevice(static_cast<int>(rank));
    cudaStreamDestroy(streams_[rank]);
  }
  comms_.clear();
  streams_.clear();
}

}  // namespace perfgate::kernels
