#include "perfgate/kernels/gemm_chain.hpp"

#include <limits>
#include <stdexcept>

namespace perfgate::kernels {
namespace {

void require_chain(std::span<const int> dims) {
  if (dims.size() < 3) throw std::invalid_argument("a matrix chain needs at least two matrices (three dims)");
  for (int d : dims)
    if (d <= 0) throw std::invalid_argument("matrix chain dims must be positive");
}

// split[i][j]: where the best product of Mi..Mj is split.
struct Splits {
  std::vector<std::vector<int>> at;
};

Splits best_splits(std::span<const int> dims) {
  const int n = static_cast<int>(dims.size()) - 1;
  std::vector<std::vector<double>> cost(n, std::vector<double>(n, 0.0));
  Splits s{std::vector<std::vector<int>>(n, std::vector<int>(n, 0))};
  for (int length = 2; length <= n; ++length)
    for (int i = 0; i + length - 1 < n; ++i) {
      const int j = i + length - 1;
      cost[i][j] = std::numeric_limits<double>::infinity();
      for (int split = i; split < j; ++split) {
        const double c = cost[i][split] + cost[split + 1][j] + double(dims[i]) * dims[split + 1] * dims[j + 1];
        if (c < cost[i][j]) {
          cost[i][j] = c;
          s.at[i][j] = split;
        }
      }
    }
  return s;
}

// Appends the steps of Mi..Mj; returns the operand holding the product.
int emit(const Splits& s, std::span<const int> dims, int i, int j, ChainPlan& plan) {
  if (i == j) return i;
  const int split = s.at[i][j];
  const int left = emit(s, dims, i, split, plan);
  const int right = emit(s, dims, split + 1, j, plan);
  plan.steps.push_back({left, right, GemmShape{dims[i], dims[j + 1], dims[split + 1]}});
  return static_cast<int>(dims.size()) - 1 + static_cast<int>(plan.steps.size()) - 1;
}

}  // namespace

double ChainPlan::flops() const {
  double total = 0.0;
  for (const ChainStep& step : steps) total += step.shape.flops();
  return total;
}

ChainPlan left_to_right_plan(std::span<const int> dims) {
  require_chain(dims);
  const int n = static_cast<int>(dims.size()) - 1;
  ChainPlan plan;
  int product = 0;
  for (int i = 1; i < n; ++i) {
    plan.steps.push_back({product, i, GemmShape{dims[0], dims[i + 1], dims[i]}});
    product = n + i - 1;
  }
  return plan;
}

ChainPlan optimal_plan(std::span<const int> dims) {
  require_chain(dims);
  ChainPlan plan;
  emit(best_splits(dims), dims, 0, static_cast<int>(dims.size()) - 2, plan);
  return plan;
}

std::vector<double> cpu_chain_product_reference(std::span<const std::vector<float>> matrices, std::span<const int> dims) {
  require_chain(dims);
  std::vector<double> product(matrices[0].begin(), matrices[0].end());
  const int rows = dims[0];
  for (std::size_t i = 1; i < matrices.size(); ++i) {
    const int k = dims[i], cols = dims[i + 1];
    std::vector<double> next(static_cast<std::size_t>(rows) * cols, 0.0);
    for (int r = 0; r < rows; ++r)
      for (int p = 0; p < k; ++p) {
        const double left = product[static_cast<std::size_t>(r) * k + p];
        for (int c = 0; c < cols; ++c) next[static_cast<std::size_t>(r) * cols + c] += left * matrices[i][static_cast<std::size_t>(p) * cols + c];
      }
    product = std::move(next);
  }
  return product;
}

}  // namespace perfgate::kernels
