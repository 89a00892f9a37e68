#pragma once
// Whether two results files are parts of one measurement: the rounds pooled
// into a baseline (pool_runs) and the two builds' rounds of perfgate ab and
// run --against (interleaved_rounds) must be the same suite on one device.
// One check, so the two cannot drift apart again; each caller words it.

#include <optional>
#include <string>

#include "perfgate/model/results.hpp"

namespace perfgate {

// Whether the device's slug must match too.  Pooled rounds become one
// baseline, filed under one slug.  Two builds measured side by side need
// not write one: a reference built from a commit before CPU identity writes
// the older CPU slug for the same machine (baseline_store reads both).
enum class SlugCheck { same_slug, any_slug };

struct OriginMismatch {
  enum class Part { suite, device };
  Part part;
  // For a device: what comparable() found different; empty when only the
  // slugs differ.
  std::string why;
};

// The first part in which `a` and `b` differ: another suite, else a device
// the gate would not compare (comparable()) or, with SlugCheck::same_slug,
// another slug.  nullopt when they are of one origin.
std::optional<OriginMismatch> origin_mismatch(const Results& a, const Results& b, SlugCheck slugs);

}  // namespace perfgate
