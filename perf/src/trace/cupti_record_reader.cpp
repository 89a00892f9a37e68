#include "cupti_record_reader.hpp"

#include <cctype>
#include <string>

#include "trace/demangle.hpp"

namespace perfgate::trace {
namespace {

// CUPTI 13.0 fills the newest record versions (Kernel10, Memcpy6,
// Memset4); perfgate reads only fields older versions share too.

CopyDirection direction_of(std::uint8_t copy_kind) {
  switch (copy_kind) {
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD:
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA: return CopyDirection::host_to_device;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH:
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH: return CopyDirection::device_to_host;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD:
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA:
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD:
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA: return CopyDirection::device_to_device;
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH: return CopyDirection::host_to_host;
    case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP: return CopyDirection::peer_to_peer;
    default: return CopyDirection::unknown;
  }
}

const char* memory_kind_name(std::uint32_t kind) {
  switch (kind) {
    case CUPTI_ACTIVITY_MEMORY_KIND_PAGEABLE: return "Pageable";
    case CUPTI_ACTIVITY_MEMORY_KIND_PINNED: return "Pinned";
    case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE: return "Device";
    case CUPTI_ACTIVITY_MEMORY_KIND_ARRAY: return "Array";
    case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED: return "Managed";
    case CUPTI_ACTIVITY_MEMORY_KIND_DEVICE_STATIC: return "Device static";
    case CUPTI_ACTIVITY_MEMORY_KIND_MANAGED_STATIC: return "Managed static";
    default: return "Unknown";
  }
}

// "cudaLaunchKernel_v7000" -> "cudaLaunchKernel": the version suffix is
// CUPTI's bookkeeping, not the name a reader looks for.
std::string api_name(CUpti_CallbackDomain domain, CUpti_CallbackId cbid) {
  const char* name = nullptr;
  if (cuptiGetCallbackName(domain, cbid, &name) != CUPTI_SUCCESS || !name) return "cbid " + std::to_string(cbid);
  std::string text(name);
  const std::size_t v = text.rfind("_v");
  if (v != std::string::npos && v + 2 < text.size() &&
      text.find_first_not_of("0123456789", v + 2) == std::string::npos)
    text.erase(v);
  return text;
}

GpuPlace place(std::uint32_t device, std::uint32_t context, std::uint32_t stream) { return {device, context, stream}; }

void read_kernel(const CUpti_ActivityKernel10& k, ActivityRecords& out) {
  if (!has_valid_times(k.start, k.end)) return void(++out.invalid_records);
  KernelActivity a;
  a.name = demangle(k.name);
  a.start_ns = k.start;
  a.end_ns = k.end;
  a.place = place(k.deviceId, k.contextId, k.streamId);
  a.correlation = k.correlationId;
  a.grid[0] = k.gridX, a.grid[1] = k.gridY, a.grid[2] = k.gridZ;
  a.block[0] = k.blockX, a.block[1] = k.blockY, a.block[2] = k.blockZ;
  a.registers_per_thread = k.registersPerThread;
  a.shared_memory_bytes = k.staticSharedMemory + k.dynamicSharedMemory;
  out.kernels.push_back(std::move(a));
}

void read_copy(const CUpti_ActivityMemcpy6& c, ActivityRecords& out) {
  if (!has_valid_times(c.start, c.end)) return void(++out.invalid_records);
  CopyActivity a;
  a.direction = direction_of(c.copyKind);
  a.source_kind = memory_kind_name(c.srcKind);
  a.destination_kind = memory_kind_name(c.dstKind);
  a.bytes = c.bytes;
  a.start_ns = c.start;
  a.end_ns = c.end;
  a.place = place(c.deviceId, c.contextId, c.streamId);
  a.correlation = c.correlationId;
  out.copies.push_back(std::move(a));
}

void read_memset(const CUpti_ActivityMemset4& m, ActivityRecords& out) {
  if (!has_valid_times(m.start, m.end)) return void(++out.invalid_records);
  out.memsets.push_back({m.bytes, m.start, m.end, place(m.deviceId, m.contextId, m.streamId), m.correlationId});
}

void read_api(const CUpti_ActivityAPI& api, bool driver, ActivityRecords& out) {
  ApiActivity a;
  a.name = api_name(driver ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API, api.cbid);
  a.driver = driver;
  a.start_ns = api.start;
  a.end_ns = api.end;
  a.process = api.processId;
  a.thread = api.threadId;
  a.correlation = api.correlationId;
  out.api_calls.push_back(std::move(a));
}

}  // namespace

void read_cupti_record(const CUpti_Activity& record, ActivityRecords& out) {
  switch (record.kind) {
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
      return read_kernel(reinterpret_cast<const CUpti_ActivityKernel10&>(record), out);
    case CUPTI_ACTIVITY_KIND_MEMCPY: return read_copy(reinterpret_cast<const CUpti_ActivityMemcpy6&>(record), out);
    case CUPTI_ACTIVITY_KIND_MEMSET: return read_memset(reinterpret_cast<const CUpti_ActivityMemset4&>(record), out);
    case CUPTI_ACTIVITY_KIND_RUNTIME: return read_api(reinterpret_cast<const CUpti_ActivityAPI&>(record), false, out);
    case CUPTI_ACTIVITY_KIND_DRIVER: return read_api(reinterpret_cast<const CUpti_ActivityAPI&>(record), true, out);
    case CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION: {
      const auto& e = reinterpret_cast<const CUpti_ActivityExternalCorrelation&>(record);
      if (e.externalKind == CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0) out.external_ids[e.correlationId] = e.externalId;
      return;
    }
    default: return;
  }
}

}  // namespace perfgate::trace
