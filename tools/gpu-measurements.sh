#!/usr/bin/env bash
# The measurements docs/gpu-runs.md records, on a GPU machine after
# ci/gpu-check.sh built build-gpu/: the device report, a calibration
# (baselines/<slug>/device.json), fresh baselines of the GPU suites (all of
# them, or those named in PERFGATE_GPU_SUITES), and a 30-repetition record
# run of the gpu_timing suite, all traced (PERFGATE_TRACE; per-kernel
# summaries go into the baselines).  Everything is also copied to $1
# (default build-gpu/measurements).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${PERFGATE_GPU_BUILD_DIR:-$root/build-gpu}"
out="${1:-$build/measurements}"
mkdir -p "$out"
cd "$root"
perfgate="$build/tools/perfgate"
sysroot="${PERFGATE_SYSROOT:-/tmp/perfgate-sysroot}"
[[ -d $sysroot ]] && export LD_LIBRARY_PATH="$sysroot/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset CI  # a developer's refresh, not a CI job
# Baselines with the traced pass's kernels, so gate runs with --perfgate_trace
# can say which kernel moved (docs/design.md, Tracing).
export PERFGATE_TRACE="${PERFGATE_TRACE:-$out/traces}"

"$perfgate" device --baseline-dir baselines
"$perfgate" device --calibrate --baseline-dir baselines
"$perfgate" device --baseline-dir baselines
slug="$("$perfgate" device --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["gpus"][0]["slug"])')"
suites=(${PERFGATE_GPU_SUITES:-gpu_timing gemm elementwise memory transfer})
"$perfgate" baseline update --build-dir "$build" "${suites[@]/#/--suite=}"
if [[ " ${suites[*]} " == *" gpu_timing "* ]]; then
  "$build/perf/suites/gpu_timing/perf_gpu_timing" --perfgate_mode=record --perfgate_baseline_dir=baselines \
    --perfgate_results="$out/gpu_timing.30reps.results.json" --benchmark_repetitions=30
fi
cp "baselines/$slug/device.json" "$out/"
for suite in "${suites[@]}"; do cp "baselines/$slug/$suite.json" "$out/"; done
