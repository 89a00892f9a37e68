#!/usr/bin/env bash
# The main job: build, run every perf suite through the gate (`ctest -L perf`,
# one suite at a time), collect the JUnit and Markdown reports in one folder,
# and exit like the gate: 0 pass, 1 confirmed regression, 2 harness error.
# Suites that cannot run here (GPU suites without a GPU) are skipped (77).
# With PERFGATE_HISTORY=URL (an SQLite file or a postgresql:// URL) every
# suite takes its run-to-run spreads from that history and records its run
# there (PERFGATE_HISTORY_KIND=pr keeps a pull request's runs beside the main
# line), and the gate's verdicts are stored beside them.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
perfgate_build default || exit 2

results="$perfgate_root/build/perfgate-results"
report="${PERFGATE_REPORT_DIR:-$perfgate_root/build/perfgate-report}"
rm -rf "$results" "$report"
mkdir -p "$report/junit"

ctest --test-dir "$perfgate_root/build" -L perf --output-on-failure "$@"   # one suite at a time
ctest_status=$?

summary="$report/summary.md"
: >"$summary"
worst=0
for comparison in "$results"/*.comparison.json; do
  [[ -e $comparison ]] || continue
  suite="$(basename "$comparison" .comparison.json)"
  cp "$results/$suite.junit.xml" "$report/junit/" 2>/dev/null
  cat "$results/$suite.md" >>"$summary" 2>/dev/null && echo >>"$summary"
  code="$(sed -n 's/^  "exit_code": \([0-9]*\),$/\1/p' "$comparison")"
  case "$code" in
    2) worst=2 ;;
    1) ((worst == 0)) && worst=1 ;;
  esac
done
# A suite that crashed leaves no comparison: that is a harness error.
if ((ctest_status != 0 && worst == 0)); then worst=2; fi

if [[ -n ${PERFGATE_HISTORY:-} ]]; then
  comparisons=("$results"/*.comparison.json)
  if [[ -e ${comparisons[0]} ]]; then
    "$perfgate_root/build/tools/perfgate" history ingest --kind "${PERFGATE_HISTORY_KIND:-main}" "${comparisons[@]}" ||
      worst=2
  fi
fi

echo
echo "perfgate: JUnit reports:    $report/junit/"
echo "perfgate: Markdown summary: $summary"
echo "perfgate: results and comparison JSON: $results/"
echo "perfgate: gate exit code $worst"
exit "$worst"
