#!/usr/bin/env bash
# The tracing figures docs/gpu-runs.md records, on a GPU machine after
# ci/gpu-check.sh built build-gpu/: for each suite (PERFGATE_TRACE_SUITES,
# with PERFGATE_TRACE_FILTER_<suite> as an optional --benchmark_filter), a
# record run without tracing and one with --perfgate_trace, their wall
# times, `perfgate compare` of the two (the timed samples must agree), and a
# check of every trace file (tools/check-chrome-trace.py).  Output in $1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${PERFGATE_GPU_BUILD_DIR:-$root/build-gpu}"
out="${1:-$build/trace-measurements}"
mkdir -p "$out"
sysroot="${PERFGATE_SYSROOT:-/tmp/perfgate-sysroot}"
[[ -d $sysroot ]] && export LD_LIBRARY_PATH="$sysroot/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset CI
for suite in ${PERFGATE_TRACE_SUITES:-elementwise transfer}; do
  binary="$build/perf/suites/$suite/perf_$suite"
  filter_var="PERFGATE_TRACE_FILTER_$suite"
  filter=()
  [[ -n ${!filter_var:-} ]] && filter=("--benchmark_filter=${!filter_var}")
  for tracing in off on; do
    trace=()
    [[ $tracing == on ]] && trace=("--perfgate_trace=$out/traces/$suite")
    start=$(date +%s.%N)
    "$binary" "${filter[@]}" --perfgate_mode=record --perfgate_results="$out/$suite.$tracing.json" "${trace[@]}" \
      >"$out/$suite.$tracing.log" 2>&1 || echo "$suite tracing $tracing: exit $?" | tee -a "$out/summary.txt"
    end=$(date +%s.%N)
    echo "$suite tracing $tracing: $(python3 -c "print(f'{$end - $start:.1f}')") s wall" | tee -a "$out/summary.txt"
  done
  grep "perfgate: traced\|tracing is off" "$out/$suite.on.log" | tee -a "$out/summary.txt" || true
  "$build/tools/perfgate" compare "$out/$suite.off.json" "$out/$suite.on.json" --markdown "$out/$suite.compare.md" \
    >"$out/$suite.compare.log" 2>&1 || true
  tail -3 "$out/$suite.compare.log" | tee -a "$out/summary.txt"
done
python3 "$root/tools/check-chrome-trace.py" "$out"/traces/*/*.trace.json >"$out/trace-check.txt" || true
grep -c "^ok" "$out/trace-check.txt" | sed 's/$/ trace files pass the check/' | tee -a "$out/summary.txt"
grep "^FAIL" "$out/trace-check.txt" | tee -a "$out/summary.txt" || true
