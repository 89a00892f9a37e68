#pragma once
// The search of `perfgate bisect`, apart from how a commit is built and
// measured: a binary search over the commits from a good one (without the
// change) to a bad one (with it), each probe a commit measured against the
// good build, until the first commit that carries the change sits next to
// the last one that does not.  A commit that cannot be built is skipped (the
// next untested commit nearest the middle is probed instead, as `git bisect
// skip` does); a commit whose measurement cannot tell ends the search with
// the range narrowed so far.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace perfgate::cli {

// A probe's ratio (its median time / the good build's) and the interval the
// gate gives it (GateSettings::confidence), from one interleaved measurement.
struct RatioEvidence {
  double ratio = 1.0;
  bool interval = false;
  double ci_low = 0.0;
  double ci_high = 0.0;
};

enum class Carries { yes, no, unclear, untestable };
const char* to_string(Carries carries);

// Whether a commit measured against the good build carries the change the
// bad build showed (`bad_ratio`, bad / good): yes when its whole interval
// lies beyond the geometric midpoint sqrt(bad_ratio) on the bad side, no
// when it lies wholly on the good side, unclear when it straddles it (or
// there is no interval).  The first commit found is the first one nearer
// the bad side than the good: where most of the change came in.
Carries carries_change(const RatioEvidence& probe, double bad_ratio);

struct BisectProbe {
  std::size_t index = 0;  // into the range: 0 is good, the last is bad
  Carries carries = Carries::unclear;
  RatioEvidence evidence;
  std::string problem;    // untestable: why (its build failed); unclear: what was measured
  double build_seconds = 0.0;
  double measure_seconds = 0.0;
};

struct BisectSearch {
  bool found = false;            // first == last_good + 1
  std::size_t last_good = 0;     // the last index measured (or given) without the change
  std::size_t first = 0;         // the first index measured (or given) with it
  std::vector<BisectProbe> probes;  // in the order they ran
  std::string stopped;           // !found: why the search ended there
};

// Searches `commits` (good first, bad last: at least two), calling `probe`
// on the index of each commit it measures.
BisectSearch bisect_commits(std::size_t commits, const std::function<BisectProbe(std::size_t index)>& probe);

// At most this many probes when none is skipped: ceil(log2(commits - 1)).
std::size_t most_probes(std::size_t commits);

}  // namespace perfgate::cli
