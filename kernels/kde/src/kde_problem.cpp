#include "perfgate/kernels/kde_problem.hpp"

#include <algorithm>

namespace perfgate::kernels {

std::size_t KdeProblem::total_encoding_spikes() const {
  std::size_t n = 0;
  for (const KdeElectrode& e : electrodes) n += encoding_spikes(e);
  return n;
}

std::size_t KdeProblem::total_decoding_spikes() const {
  std::size_t n = 0;
  for (const KdeElectrode& e : electrodes) n += decoding_spikes(e);
  return n;
}

std::size_t KdeProblem::max_encoding_spikes() const {
  std::size_t n = 0;
  for (const KdeElectrode& e : electrodes) n = std::max(n, encoding_spikes(e));
  return n;
}

std::size_t KdeProblem::max_decoding_spikes() const {
  std::size_t n = 0;
  for (const KdeElectrode& e : electrodes) n = std::max(n, decoding_spikes(e));
  return n;
}

double KdeProblem::mean_rate(const KdeElectrode& e) const {
  return static_cast<double>(encoding_spikes(e)) / static_cast<double>(position_sample_count());
}

}  // namespace perfgate::kernels
