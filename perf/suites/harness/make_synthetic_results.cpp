// make_synthetic_results N SAMPLES BASE.json CURRENT.json: two results files
// for timing `perfgate compare` end to end (docs/measurements.md).

#include <cstdlib>
#include <iostream>

#include "perfgate/formats/results_io.hpp"
#include "synthetic_results.hpp"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: make_synthetic_results N SAMPLES BASE.json CURRENT.json\n";
    return 2;
  }
  const auto n = static_cast<std::size_t>(std::atol(argv[1]));
  const auto samples = static_cast<std::size_t>(std::atol(argv[2]));
  perfgate::save_results(perfgate::harness::synthetic_results(n, samples, 0, 1), argv[3]);
  perfgate::save_results(perfgate::harness::synthetic_results(n, samples, 50, 2), argv[4]);
  return 0;
}
