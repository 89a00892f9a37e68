#!/usr/bin/env bash
# Same-runner A/B study (issue 40, docs/measurements.md "Same-runner A/B"):
# perfgate run against a reference built and measured on this runner.
#   tools/ab-study.sh aa RUNS OUT [load]        A/A: the build in build/ against HEAD, host and harness
#        (AB_STUDY_SUITES=host: the host suite alone)
#   tools/ab-study.sh plant FACTOR RUNS OUT [load]
#        a commit on HEAD that slows one host kernel (cpu_chain_unfused) FACTOR x,
#        in a worktree built in build/ab-study-planted-FACTOR (kept for the next
#        study of that factor; `git worktree remove` it after), gated against
#        HEAD, host suite
# `load`: two CPU-bound processes run beside every measured run.  Run 0 of
# each study builds the reference (its wall time is the cold build's); runs
# 1..RUNS are counted (the reference then incremental).  Prints one line a
# run and a summary; OUT/summary.tsv keeps them.  Measure with nothing else
# running (but the planted load).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
perfgate="$root/build/tools/perfgate"
[[ -x $perfgate ]] || { echo "build first: $perfgate is missing" >&2; exit 2; }
mode="${1:?aa or plant}"
shift
if [[ $mode == plant ]]; then factor="${1:?FACTOR}"; shift; fi
runs="${1:?RUNS}"
out="${2:?OUT}"
load="${3:-}"
mkdir -p "$out"
head=$(git -C "$root" rev-parse HEAD)

build="$root/build"
selection=(-- -R "^perf\\.(${AB_STUDY_SUITES:-host|harness})\$")
if [[ $mode == plant ]]; then
  # The planted commit: HEAD with cpu_chain_unfused doing its chain again
  # over (FACTOR - 1) of its elements, in a worktree of its own.
  src="$root/build/ab-study-planted-$factor"
  if [[ ! -d $src ]]; then
    git -C "$root" worktree add --detach --quiet "$src" "$head" || exit 2
    python3 - "$src/kernels/elementwise/src/cpu_elementwise_chain.cpp" "$factor" <<'PY'
import sys
path, factor = sys.argv[1], sys.argv[2]
s = open(path).read()
head = "void cpu_chain_unfused(std::span<const float> x, std::span<const float> r, std::span<float> y,\n                       std::span<float> t, ChainScalars k) {"
assert head in s
s = s.replace(head, head.replace("void cpu_chain_unfused(", "static void chain_unfused_once(").replace("                       std::span", "                               std::span"))
wrapper = f"""// Planted by tools/ab-study.sh: {factor}x the work.
void cpu_chain_unfused(std::span<const float> x, std::span<const float> r, std::span<float> y,
                       std::span<float> t, ChainScalars k) {{
  chain_unfused_once(x, r, y, t, k);
  const auto extra = static_cast<std::size_t>(static_cast<double>(x.size()) * ({factor} - 1.0));
  if (extra > 0) chain_unfused_once(x.first(extra), r.first(extra), y.first(extra), t.first(extra), k);
}}

"""
s = s.replace("void cpu_chain_fused(", wrapper + "void cpu_chain_fused(", 1)
open(path, "w").write(s)
PY
    git -C "$src" -c user.email=study@example.invalid -c user.name=study commit -q -am "plant: cpu_chain_unfused ${factor}x" || exit 2
    cmake -S "$src" -B "$src/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$out/configure.log" 2>&1 || exit 2
  fi
  cmake --build "$src/build" --target perf_host >"$out/build.log" 2>&1 || { tail "$out/build.log"; exit 2; }
  build="$src/build"
  selection=(-- -R '^perf\.host$')
fi

count() { grep -o "\"verdict\": \"$1\"" "$2" 2>/dev/null | wc -l; }
planted_verdict() {  # the planted case's verdict and change, from the host comparison
  python3 - "$1" <<'PY'
import json, sys
try:
    c = json.load(open(sys.argv[1]))
    b = next(x for x in c["benchmarks"] if x["name"] == "cpu_elementwise/unfused/1048576")
    e = b.get("evidence") or {}
    print(b["verdict"], "%+.1f%%" % ((e.get("ratio") or 1) * 100 - 100))
except Exception as error:
    print("none", error)
PY
}

printf 'run\texit\tseconds\tregressions\tother_regressions\tplanted\tsight\n' >"$out/summary.tsv"
busy=()
for ((i = 0; i <= runs; i++)); do
  if ((i == 1)) && [[ $load == load ]]; then
    for _ in 1 2; do (while :; do :; done) & busy+=($!); done
  fi
  report="$out/run$i"
  start=$(date +%s.%N)
  env -u PERFGATE_HISTORY -u GITHUB_BASE_REF -u CI_MERGE_REQUEST_IID "$perfgate" run --build-dir "$build" \
    --against "$head" --report-dir "$report" "${selection[@]}" >"$out/run$i.log" 2>&1
  code=$?
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  regressions=0
  other=0
  for c in "$report"/comparisons/*.json; do
    n=$(count REGRESSION "$c")
    regressions=$((regressions + n))
  done
  planted="-"
  if [[ $mode == plant ]]; then
    planted=$(planted_verdict "$report/comparisons/host.comparison.json")
    [[ $planted == REGRESSION* ]] && other=$((regressions - 1)) || other=$regressions
  else
    other=$regressions
  fi
  sight=$(grep -ho 'could not see changes below [0-9.]*%' "$report"/comparisons/*.json 2>/dev/null | sort -u | tr '\n' ' ')
  printf '%d\t%d\t%.0f\t%d\t%d\t%s\t%s\n' "$i" "$code" "$seconds" "$regressions" "$other" "$planted" "${sight:-}" | tee -a "$out/summary.tsv"
done
((${#busy[@]})) && kill "${busy[@]}" 2>/dev/null
awk -F'\t' 'NR > 2 { n++; failed += ($2 == 1); other += $5; found += ($6 ~ /^REGRESSION/); secs += $3 }
  END { printf "\n%d counted runs: %d exit 1, planted case REGRESSION in %d, other REGRESSION verdicts %d, mean %.0f s a run\n", n, failed, found, other, secs / n }' \
  "$out/summary.tsv" | tee -a "$out/summary.tsv"
