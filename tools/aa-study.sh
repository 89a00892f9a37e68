#!/usr/bin/env bash
# A/A study: gate the unchanged host suite RUNS times against its committed
# baseline and count false alarms (docs/measurements.md).
#   tools/aa-study.sh [RUNS] [OUT]     defaults: 20, build/aa-study
# Run on an otherwise idle machine, after `bash ci/test.sh` (or a build).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-20}"
out="${2:-$root/build/aa-study}"
suite="$root/build/perf/suites/host/perf_host"
[[ -x $suite ]] || { echo "build first: $suite is missing" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out"

count() { grep -c "\"$1\": \"$2\"" "$3" || true; }

printf 'run\texit\tregression\tsuspected\tnot_reproduced\tinconclusive\tno_change\timprovement\tshift\n' | tee "$out/summary.tsv"
for ((i = 1; i <= runs; i++)); do
  "$suite" --perfgate_baseline_dir="$root/baselines" --perfgate_out_dir="$out/$i" >"$out/$i.log" 2>&1
  code=$?
  json="$out/$i/host.comparison.json"
  suspected=$(( $(count confirmation confirmed "$json") + $(count confirmation not_reproduced "$json") ))
  shift_flag=$(grep -q '"environment_shift": null' "$json" && echo no || echo yes)
  printf '%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n' "$i" "$code" "$(count verdict REGRESSION "$json")" "$suspected" \
    "$(count confirmation not_reproduced "$json")" "$(count verdict INCONCLUSIVE "$json")" \
    "$(count verdict NO_CHANGE "$json")" "$(count verdict IMPROVEMENT "$json")" "$shift_flag" | tee -a "$out/summary.tsv"
done
awk -F'\t' 'NR > 1 { runs++; failed += ($2 == 1); reg += $3; sus += $4; nr += $5; inc += $6; same += $7; imp += $8 }
  END { printf "\n%d runs: %d failed the gate (exit 1); %d REGRESSION verdicts, %d suspected before confirmation (%d not reproduced), %d INCONCLUSIVE, %d IMPROVEMENT, %d NO_CHANGE\n", runs, failed, reg, sus, nr, inc, imp, same }' \
  "$out/summary.tsv" | tee -a "$out/summary.tsv"
