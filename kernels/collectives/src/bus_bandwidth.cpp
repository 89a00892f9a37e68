#include "perfgate/kernels/bus_bandwidth.hpp"

namespace perfgate::kernels {

std::string_view collective_name(Collective collective) {
  switch (collective) {
    case Collective::all_reduce: return "all_reduce";
    case Collective::all_gather: return "all_gather";
    case Collective::reduce_scatter: return "reduce_scatter";
    case Collective::broadcast: return "broadcast";
  }
  return "unknown";
}

CollectiveCounts collective_counts(Collective collective, std::size_t elements, int ranks) {
  const auto n = static_cast<std::size_t>(ranks < 1 ? 1 : ranks);
  const std::size_t part = elements / n;
  switch (collective) {
    case Collective::all_gather: return {part, part * n, part};
    case Collective::reduce_scatter: return {part * n, part, part};
    case Collective::all_reduce:
    case Collective::broadcast: break;
  }
  return {elements, elements, elements};
}

double algorithm_bytes(Collective collective, std::size_t count, std::size_t element_bytes, int ranks) {
  const double bytes = static_cast<double>(count) * static_cast<double>(element_bytes);
  const bool per_rank_count = collective == Collective::all_gather || collective == Collective::reduce_scatter;
  return per_rank_count ? bytes * ranks : bytes;
}

double bus_factor(Collective collective, int ranks) {
  if (ranks < 1) return 0.0;
  const double n = ranks;
  switch (collective) {
    case Collective::all_reduce: return 2.0 * (n - 1.0) / n;
    case Collective::all_gather:
    case Collective::reduce_scatter: return (n - 1.0) / n;
    case Collective::broadcast: return 1.0;
  }
  return 0.0;
}

double algbw_gbps(double bytes, double seconds) { return seconds > 0.0 ? bytes / seconds / 1e9 : 0.0; }

double busbw_gbps(Collective collective, int ranks, double algbw) { return algbw * bus_factor(collective, ranks); }

}  // namespace perfgate::kernels
