#pragma once
// Inputs for workloads and their correctness checks: random, never all
// zeros (a kernel that does nothing must not pass a check on zeros).

#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace perfgate::kernels {

// A seed from std::random_device: every check runs on fresh data.
std::uint64_t fresh_seed();

// Uniform values in [low, high).
std::vector<float> random_floats(std::size_t count, std::uint64_t seed, float low = -1.0f, float high = 1.0f);

}  // namespace perfgate::kernels
