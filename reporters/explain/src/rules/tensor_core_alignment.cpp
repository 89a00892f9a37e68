// tensor-core-alignment: a tensor-core precision (TF32, FP16, BF16, FP8) on
// a shape whose m, n, k are not all multiples of 16 (tc_alignment < 1).
// When a case of the same precision on an aligned shape within 1% in every
// dimension was measured, the gain is their TFLOP/s ratio.

#include <algorithm>
#include "perfgate/model/counter_names.hpp"
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <string_view>

#include "perfgate/model/precision.hpp"
#include "rules.hpp"

namespace perfgate::rules {
namespace {

using Shape = std::array<long, 3>;  // m, n, k

constexpr double kSameShape = 0.01;  // relative difference per dimension
constexpr double kHigh = 2.0;

bool on_tensor_cores(Precision p) {
  return p == Precision::tf32 || p == Precision::fp16 || p == Precision::bf16 || p == Precision::fp8;
}

std::string_view last_segment(std::string_view name) { return name.substr(name.rfind('/') + 1); }
std::string_view prefix(std::string_view name) { return name.substr(0, name.size() - last_segment(name).size()); }

// "4095x4095x4096" -> {4095, 4095, 4096}.
std::optional<Shape> shape_of(std::string_view name) {
  std::string_view text = last_segment(name);
  Shape shape{};
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const char* end = text.data() + text.size();
    const auto [next, error] = std::from_chars(text.data(), end, shape[i]);
    if (error != std::errc{} || shape[i] <= 0) return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(next - text.data()));
    if (i + 1 < shape.size()) {
      if (!text.starts_with('x')) return std::nullopt;
      text.remove_prefix(1);
    }
  }
  if (!text.empty()) return std::nullopt;
  return shape;
}

std::string format_shape(const Shape& s) {
  return std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]);
}

bool close(const Shape& a, const Shape& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::abs(a[i] - b[i]) > kSameShape * static_cast<double>(std::max(a[i], b[i]))) return false;
  return true;
}

// "m = 4095, n = 4095 not multiples of 8; k = 4104 a multiple of 8, not 16"
std::string misaligned_dims(const Shape& s) {
  static constexpr const char* kDims[] = {"m", "n", "k"};
  std::string off8, off16;
  int count8 = 0, count16 = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const std::string dim = std::string(kDims[i]) + " = " + std::to_string(s[i]);
    if (s[i] % 8 != 0) off8 += (count8++ ? ", " : "") + dim;
    else if (s[i] % 16 != 0) off16 += (count16++ ? ", " : "") + dim;
  }
  std::string text;
  if (count8) text = off8 + (count8 > 1 ? " not multiples of 8" : " not a multiple of 8");
  if (count16) text += (text.empty() ? "" : "; ") + off16 + (count16 > 1 ? " multiples of 8, not 16" : " a multiple of 8, not 16");
  return text;
}

Shape padded(const Shape& s) {
  Shape out = s;
  for (long& d : out) d = (d + 15) / 16 * 16;
  return out;
}

// A measured aligned case with its precision and shape, parsed once per run
// (parsing every name again for every misaligned case was the rule's cost).
struct Aligned {
  const BenchmarkResult* c;
  Precision precision;
  Shape shape;
};

std::vector<Aligned> aligned_cases(const SuggestContext& ctx) {
  std::vector<Aligned> out;
  for (const BenchmarkResult& c : ctx.current.benchmarks) {
    const auto p = declared_precision(c);
    if (!p || !ctx.measured(c.name) || number(c, counter::kTcAlignment) != 1.0 || !number(c, counter::kTflopPerSecond)) continue;
    if (auto shape = shape_of(c.name)) out.push_back({&c, *p, std::move(*shape)});
  }
  return out;
}

// The measured aligned case of the same precision closest in shape (same
// name prefix first), and its TFLOP/s.
const BenchmarkResult* aligned_twin(const std::vector<Aligned>& aligned, const BenchmarkResult& b, Precision p,
                                    const Shape& shape) {
  const BenchmarkResult* best = nullptr;
  double best_distance = 0.0;
  for (const Aligned& a : aligned) {
    if (a.c == &b || a.precision != p || !close(shape, a.shape)) continue;
    double distance = prefix(a.c->name) == prefix(b.name) ? 0.0 : 1.0;
    for (std::size_t i = 0; i < shape.size(); ++i) distance += std::abs(shape[i] - a.shape[i]) / double(shape[i]);
    if (!best || distance < best_distance) best = a.c, best_distance = distance;
  }
  return best;
}

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  std::optional<std::vector<Aligned>> aligned;  // parsed when the first misaligned case needs it
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    const auto alignment = number(b, counter::kTcAlignment);
    const auto precision = declared_precision(b);
    if (!ctx.measured(b.name) || !alignment || *alignment >= 1.0 || !precision || !on_tensor_cores(*precision)) continue;
    const auto shape = shape_of(b.name);
    Suggestion s;
    s.benchmark = b.name;
    s.priority = Priority::medium;
    s.evidence = "tc_alignment " + format_number(*alignment) + " in " + precision_name(*precision);
    if (shape) s.evidence += ": " + misaligned_dims(*shape);
    if (shape && !aligned) aligned = aligned_cases(ctx);
    const BenchmarkResult* twin = shape ? aligned_twin(*aligned, b, *precision, *shape) : nullptr;
    const auto own = number(b, counter::kTflopPerSecond);
    if (twin && own && *own > 0) {
      const double theirs = *number(*twin, counter::kTflopPerSecond);
      s.expected_gain.factor = theirs / *own;
      s.expected_gain.measured = true;
      s.expected_gain.text = "the aligned " + format_shape(*shape_of(twin->name)) + " ran at " +
                             format_number(s.expected_gain.factor) + "x the TFLOP/s";
      s.evidence += "; " + format_number(*own) + " TFLOP/s against " + format_number(theirs) + " TFLOP/s for " + twin->name;
      if (s.expected_gain.factor >= kHigh) s.priority = Priority::high;
    } else {
      s.expected_gain.text = "estimate: tensor cores run aligned shapes at full rate; misaligned ones fall back to "
                             "slower kernels (several times slower on recent GPUs)";
    }
    s.hint = "Pad m, n and k to multiples of 16 (8 at least) with zeros";
    if (shape) s.hint += ", e.g. " + format_shape(*shape) + " -> " + format_shape(padded(*shape));
    s.hint += ", or choose sizes that are; the extra work is far cheaper than the misaligned path.";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule tensor_core_alignment() {
  return make_rule("tensor-core-alignment", "TF32/FP16/BF16/FP8 cases on shapes not multiples of 8/16", apply);
}

}  // namespace perfgate::rules
