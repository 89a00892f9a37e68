#pragma once

#include <cstddef>

namespace perfgate::kernels {

// Blocks for a grid-stride loop over n elements: one element per thread up
// to 65536 blocks (several waves on any current GPU); beyond that the
// threads stride.
inline unsigned grid_stride_blocks(std::size_t n, unsigned threads) {
  const std::size_t needed = (n + threads - 1) / threads;
  return static_cast<unsigned>(needed == 0 ? 1 : (needed < 65536 ? needed : 65536));
}

}  // namespace perfgate::kernels
