#!/usr/bin/env bash
# The main job: build, run every perf suite through the gate (`ctest -L perf`,
# one suite at a time), collect the JUnit and Markdown reports in one folder,
# make one HTML page of the whole run (perfgate report),
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

# One suite at a time.  -V streams every suite's output; the filter keeps
# what a CI log needs: the progress lines ("[k/N] case  median  (time)" as
# each case finishes), each suite's verdict table through its status line
# (of passing suites too), perfgate's messages and ctest's summary.  Google
# Benchmark's own tables are left out; the results JSON has every sample.
ctest --test-dir "$perfgate_root/build" -L perf -V "$@" | awk '
  { line = $0; sub(/^[0-9]+: /, "", line) }
  line ~ /^perfgate: suite / { table = 1 }
  table || line ~ /^\[[0-9]+\/[0-9?]+\] / || line ~ /^perfgate: / ||
    $0 ~ /^ *Start +[0-9]+:|Test +#[0-9]+:|tests passed|Total Test time|The following tests|^[ \t]+[0-9]+ - / {
    print line; fflush()
  }
  line ~ /^perfgate: (PASS|FAIL|ERROR|SKIPPED) \(exit [0-9]+\)/ { table = 0 }'
ctest_status=${PIPESTATUS[0]}

summary="$report/summary.md"
worst=0
for comparison in "$results"/*.comparison.json; do
  [[ -e $comparison ]] || continue
  suite="$(basename "$comparison" .comparison.json)"
  cp "$results/$suite.junit.xml" "$report/junit/" 2>/dev/null
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

# One Markdown summary of the whole run (a run-wide verdict, a table of the
# suites, the suites that ran, one line per skipped suite), capped to fit a
# GitHub comment.  Should it fail, the suites' own summaries stand in.
: >"$summary"
if compgen -G "$results/*.comparison.json" >/dev/null &&
  ! "$perfgate_root/build/tools/perfgate" report "$results"/*.comparison.json --markdown "$summary"; then
  echo "perfgate: the run's Markdown summary failed (see above); joining the suites' own instead" >&2
  for md in "$results"/*.md; do cat "$md" >>"$summary" && echo >>"$summary"; done
fi

# One self-contained page of the whole run (every suite's verdicts, plots and
# suggestions; it opens offline).  A page that cannot be made is reported
# and leaves the gate's exit code alone: the verdicts are in the files above.
html_report="(none: no suite left a comparison)"
if compgen -G "$results/*.comparison.json" >/dev/null; then
  if "$perfgate_root/build/tools/perfgate" report "$results"/*.comparison.json --html "$report/index.html"; then
    html_report="$report/index.html"
  else
    html_report="(failed: see the message above; the gate's verdict stands)"
  fi
fi

echo
echo "perfgate: HTML report:      $html_report"
echo "perfgate: JUnit reports:    $report/junit/"
echo "perfgate: Markdown summary: $summary"
echo "perfgate: results and comparison JSON: $results/"
echo "perfgate: gate exit code $worst"
exit "$worst"
