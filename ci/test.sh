#!/usr/bin/env bash
# The test command: installs missing Debian packages (as root), configures,
# builds, and runs every test except the perf gate (`ctest -LE perf`):
# unit, end-to-end, example-project and perf-smoke tests.  Tests that need a
# GPU skip with the reason when there is none.  Then, after ctest passed,
# a bounded libFuzzer run (ci/fuzz.sh: 15 s a target; PERFGATE_FUZZ_SECONDS=0
# skips it).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
export PERFGATE_TEST_PACKAGES=1  # postgresql and chromium too: the tests' real server and browser
# The tests plant regressions: in a GitHub Actions job they must not annotate
# the pull request or fill the step's summary (the tests that check those
# switch them on for their own commands).
export PERFGATE_ANNOTATIONS=0
perfgate_build default
ctest --test-dir "$perfgate_root/build" -LE perf -j "$(nproc)" --output-on-failure \
  --output-junit "$perfgate_root/build/ctest-junit.xml" "$@"
PERFGATE_FUZZ_REQUIRED=1 "$perfgate_root/ci/fuzz.sh"  # the test command fuzzes, or fails
