#!/usr/bin/env bash
# Bounded fuzzing (issue 8): builds the libFuzzer targets in tests/fuzz in a
# clang build tree of their own (build-fuzz; only the libraries they need)
# and runs each on its seed corpus for PERFGATE_FUZZ_SECONDS (default 15).
# Exits non-zero when a target crashes, leaks, trips a sanitizer, hangs past
# -timeout or breaks an invariant; the reproducer is left in build-fuzz/crashes/.
# Without clang++ or libFuzzer's runtime it says why and exits 0 on a
# developer's machine, 1 under CI (CI or PERFGATE_FUZZ_REQUIRED set; the
# test command, ci/test.sh, sets the latter): CI must not pass without
# fuzzing.
# Usage: ci/fuzz.sh [seconds per target]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-${PERFGATE_FUZZ_SECONDS:-15}}"
targets=(fuzz_results_loader fuzz_gbench_import fuzz_writers fuzz_comparison_reader fuzz_nvbench_import fuzz_history_ingest)

if [[ "$seconds" == 0 ]]; then
  echo "perfgate fuzz: skipped (0 seconds asked for)"
  exit 0
fi

# A machine that cannot fuzz: fine for a developer, a failure under CI.
cannot_fuzz() {
  if [[ -n ${CI:-} || -n ${PERFGATE_FUZZ_REQUIRED:-} ]]; then
    echo "perfgate fuzz: error: $1; CI must fuzz (ci/lib.sh installs clang and libclang-rt-dev)" >&2
    exit 1
  fi
  echo "perfgate fuzz: skipped: $1"
  exit 0
}

if ! command -v clang++ >/dev/null 2>&1; then
  cannot_fuzz "clang++ is not installed (Debian package clang)"
fi
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
if ! echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' |
     clang++ -fsanitize=fuzzer,address,undefined -x c++ - -o "$probe/probe" >/dev/null 2>&1; then
  cannot_fuzz "clang++ cannot link -fsanitize=fuzzer (no libclang_rt.fuzzer)"
fi

build="$root/build-fuzz"
mkdir -p "$build"
# Through ccache where it is installed (ci/lib.sh): the instrumented
# libraries are rebuilt only when their sources change.
source "$root/ci/lib.sh"
perfgate_ccache_settings
# shellcheck disable=SC2046  # the launcher flags are words
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DPERFGATE_CUDA=OFF \
  -DPERFGATE_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo $(perfgate_compiler_launcher) >"$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }
cmake --build "$build" --target perfgate_fuzz --parallel "$(nproc)"

status=0
mkdir -p "$build/crashes"
for target in "${targets[@]}"; do
  seeds="$root/tests/fuzz/corpus/$target"
  work="$build/corpus/$target"       # what the run adds; the committed seeds stay as they are
  mkdir -p "$work"
  echo "perfgate fuzz: $target for ${seconds}s"
  if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$build/tests/fuzz/$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$build/crashes/$target-" "$work" "$seeds" \
      >"$build/$target.log" 2>&1; then
    tail -n 60 "$build/$target.log"
    echo "perfgate fuzz: $target FAILED (reproducer in $build/crashes/; log $build/$target.log)" >&2
    status=1
  else
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|^stat::new_units_added' "$build/$target.log" |
      tr '\n' ' '; echo
  fi
done
exit "$status"
