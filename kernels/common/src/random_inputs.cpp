#include "perfgate/kernels/random_inputs.hpp"

namespace perfgate::kernels {

std::uint64_t fresh_seed() {
  std::random_device entropy;
  return (static_cast<std::uint64_t>(entropy()) << 32) ^ entropy();
}

std::vector<float> random_floats(std::size_t count, std::uint64_t seed, float low, float high) {
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<float> uniform(low, high);
  std::vector<float> values(count);
  for (float& v : values) v = uniform(engine);
  return values;
}

}  // namespace perfgate::kernels
