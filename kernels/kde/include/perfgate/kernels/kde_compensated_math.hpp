#pragma once
// The element-wise steps of the compensated-linear KDE (the optimized
// variant), shared by its float32 CPU version and the CUDA kernels so both
// compute one formula.
//
// With marks centred and scaled by 1/sigma, log K_mark[j,s] =
// c_mark - 0.5 (|y_j|^2 + |x_s|^2 - 2 y_j.x_s); the cross terms come from a
// GEMM.  Subtracting each decoding spike's maximum over s (a_j) and each
// position bin's maximum over s of log K_pos (b_p) leaves weights in (0, 1],
// so sum_s K_mark K_pos = exp(a_j + b_p) (A B)[j,p] is one GEMM of values
// that neither overflow nor lose the largest terms to underflow.

#include <cmath>

#include "perfgate/kernels/host_device.hpp"

namespace perfgate::kernels {

// The part of -0.5 |y - x|^2 * 2 that varies with s: 2 y.x - |x|^2.  Its
// maximum over s is at the nearest encoding mark.
PERFGATE_HOST_DEVICE inline float mark_score(float cross, float x_norm2) { return 2.0f * cross - x_norm2; }

// A[j,s] = K_mark[j,s] / max_s K_mark[j,s] = exp(0.5 (score - max score)).
PERFGATE_HOST_DEVICE inline float mark_weight(float score, float max_score) { return expf(0.5f * (score - max_score)); }

// a_j = max_s log K_mark[j,s] = c_mark - 0.5 min_s |y - x_s|^2; the squared
// distance is clamped at 0 (rounding can take the expansion below it).
PERFGATE_HOST_DEVICE inline float mark_log_max(float log_norm, float y_norm2, float max_score) {
  return log_norm - 0.5f * fmaxf(y_norm2 - max_score, 0.0f);
}

// log_joint[j,p] = log(rate / n_enc / occupancy[p] * sum_s K_mark K_pos),
// clipped at log(1e-15); log_scale = log(rate / n_enc).  A zero product
// (every term underflowed) gives -inf, which the clip takes.
PERFGATE_HOST_DEVICE inline float compensated_log_joint(float log_scale, float log_occupancy, float a, float b,
                                                        float product) {
  const float floor = -34.538776394910684f;  // log(1e-15)
  return fmaxf(log_scale - log_occupancy + a + b + logf(product), floor);
}

}  // namespace perfgate::kernels
