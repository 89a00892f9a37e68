#pragma once
// A product of matrices M0 M1 ... M(n-1), where Mi is dims[i] x dims[i+1]:
// the order of the multiplications decides the work, not the result.  The
// plan is a list of GEMM steps over numbered operands; the GEMM suite runs
// the left-to-right plan against the optimal one (the classic dynamic
// programme) on cuBLAS.

#include <span>
#include <vector>

#include "perfgate/kernels/cpu_gemm.hpp"

namespace perfgate::kernels {

struct ChainStep {
  int left, right;  // operands: 0..n-1 the inputs, n.. earlier steps' results
  GemmShape shape;  // left is m x k, right is k x n
};

struct ChainPlan {
  std::vector<ChainStep> steps;  // in execution order; the last gives the product
  double flops() const;
};

// ((M0 M1) M2) ... : what straightforward code does.
ChainPlan left_to_right_plan(std::span<const int> dims);
// The order with the fewest multiply-adds (O(n^3) dynamic programme).
ChainPlan optimal_plan(std::span<const int> dims);

// The product in float64, evaluated left to right (the reference for both).
std::vector<double> cpu_chain_product_reference(std::span<const std::vector<float>> matrices, std::span<const int> dims);

}  // namespace perfgate::kernels
