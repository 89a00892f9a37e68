#!/usr/bin/env bash
# A developer's baseline refresh: build, then `perfgate baseline update` for
# this machine's devices.  Arguments go to `perfgate baseline update`
# (--suite S, --filter REGEX, --repetitions N, --rounds K, --dry-run).
# Review the printed movement and commit baselines/ like code.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
perfgate_build default --target perfgate_main_job  # the suites and perfgate, not the tests
exec "$perfgate_root/build/tools/perfgate" baseline update --build-dir "$perfgate_root/build" "$@"
