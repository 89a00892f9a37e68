#!/usr/bin/env bash
# The main job: build, then `perfgate run`: every perf suite through the gate
# (ctest -L perf, one suite at a time, its output filtered for a CI log), the
# JUnit, comparison and results files, one Markdown summary and one HTML page
# collected in one folder, and the gate's exit code: 0 pass, 1 confirmed
# regression, 2 harness error, 77 every suite skipped (GPU suites without a
# GPU).  Arguments go to ctest (e.g. -R REGEX, or -I 1,,2 for a shard).
# PERFGATE_REPORT_DIR: the report folder (default build/perfgate-report:
# junit/, comparisons/, results/, summary.md, index.html).
# With PERFGATE_HISTORY=URL (an SQLite file or a postgresql:// URL) every
# suite takes its run-to-run spreads from that history and records its run
# there (PERFGATE_HISTORY_KIND=pr keeps a pull request's runs beside the main
# line), and the gate's verdicts are stored beside them.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
perfgate_build default --target perfgate_main_job || exit 2  # the suites and perfgate, not the tests

build="$perfgate_root/build"
exec "$build/tools/perfgate" run --build-dir "$build" \
  --report-dir "${PERFGATE_REPORT_DIR:-$build/perfgate-report}" -- "$@"
