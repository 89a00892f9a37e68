// faster-precision: an FP32 case whose TF32, BF16 or FP16 variant (the same
// name with the segment "fp32" replaced) was measured faster in this run.

#include <string>
#include <vector>

#include "rules.hpp"

namespace perfgate::rules {
namespace {

constexpr double kMinFactor = 1.2;
constexpr double kMedium = 1.5;
constexpr double kHigh = 4.0;

struct Variant {
  const char* segment;
  const char* name;
  const char* accuracy;  // perfgate's test tolerance for it, and why
};

constexpr Variant kVariants[] = {
    {"tf32", "TF32", "relative error around 1e-3 (10-bit mantissa, FP32's range)"},
    {"bf16", "BF16", "relative error around 1e-2 (7-bit mantissa; BF16 keeps FP32's range)"},
    {"fp16", "FP16", "relative error around 1e-2 (10-bit mantissa, but a range up to 65504 only: scale to avoid overflow)"},
};

struct Measured {
  const Variant* variant;
  std::string name;
  double median;
  double factor;  // median(fp32) / median(variant)
};

std::vector<Suggestion> apply(const SuggestContext& ctx) {
  std::vector<Suggestion> out;
  for (const BenchmarkResult& b : ctx.current.benchmarks) {
    if (!has_segment(b.name, "fp32")) continue;
    const auto t = ctx.median(b.name);
    if (!t || *t <= 0) continue;
    std::vector<Measured> faster;
    for (const Variant& v : kVariants) {
      const std::string name = *sibling(b.name, "fp32", v.segment);
      const auto m = ctx.median(name);
      if (m && *m > 0 && *t / *m >= kMinFactor) faster.push_back({&v, name, *m, *t / *m});
    }
    if (faster.empty()) continue;
    const Measured* best = &faster.front();
    for (const Measured& m : faster)
      if (m.factor > best->factor) best = &m;

    Suggestion s;
    s.benchmark = b.name;
    s.priority = best->factor >= kHigh ? Priority::high : best->factor >= kMedium ? Priority::medium : Priority::low;
    s.evidence = "median " + format_seconds(*t) + " in FP32, " + format_seconds(best->median) + " in " + best->variant->name +
                 " (" + best->name + ")";
    for (const Measured& m : faster)
      if (&m != best) s.evidence += "; " + std::string(m.variant->name) + " " + format_number(m.factor) + "x faster";
    s.expected_gain.factor = best->factor;
    s.expected_gain.measured = true;
    s.expected_gain.text = std::string(best->variant->name) + " ran " + format_number(best->factor) +
                           "x faster than FP32 at this shape on this device";
    s.hint = "Use " + std::string(best->variant->name) + " where its accuracy is enough: " + best->variant->accuracy +
             ", perfgate's tolerance for it.";
    for (const Measured& m : faster)
      if (&m != best && std::string(m.variant->segment) == "tf32")
        s.hint += " If not, TF32 ran " + format_number(m.factor) + "x faster with a " + m.variant->accuracy + ".";
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

Rule faster_precision() {
  return make_rule("faster-precision", "FP32 cases whose TF32, BF16 or FP16 variant measured faster", apply);
}

}  // namespace perfgate::rules
