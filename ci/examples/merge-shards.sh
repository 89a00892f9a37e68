#!/usr/bin/env bash
# merge-shards.sh SHARDS_DIR OUT_DIR EXPECTED: the merge job of a sharded perf
# gate (github-actions.yml, gitlab-ci.yml beside this file).
#
# SHARDS_DIR/<name>/ is one shard's report folder, as `perfgate run
# --report-dir` leaves it (comparisons/, results/, junit/, summary.md,
# index.html), with the shard's gate exit code in a file `exit-code`.
# EXPECTED is how many shards the matrix has: a shard whose folder or
# exit-code is missing (its runner died, the job was cancelled, the upload
# failed) counts as a harness error.
#
# The merge is `perfgate report --shards SHARDS_DIR --expected-shards
# EXPECTED --report-dir OUT_DIR`: OUT_DIR as `perfgate run --report-dir`
# writes a run's folder (every suite's reports, index.html, summary.md), the
# summary led by a table of the shards and their codes; OUT_DIR must be new,
# empty or perfgate's.  With PERFGATE_HISTORY (an SQLite file or a
# postgresql:// URL) it then stores every shard's results and comparisons
# there: `perfgate history ingest --kind ${PERFGATE_HISTORY_KIND:-main}`,
# with --commit $PERFGATE_COMMIT and --ordinal $PERFGATE_ORDINAL when set.
#
# Exits with perfgate report's code: the worst shard's, worst first 2
# (harness error; also a missing shard, a missing or unknown exit-code, a
# report that cannot be written), 1 (confirmed regression), 0 (pass or NOT
# GATED), 77 (everything skipped).  A failed ingest is a warning.  PERFGATE:
# the perfgate program (default: perfgate in PATH).
set -uo pipefail

if (($# != 3)) || [[ ! $3 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: merge-shards.sh SHARDS_DIR OUT_DIR EXPECTED_SHARD_COUNT" >&2
  exit 2
fi
shards_dir=$1 out_dir=$2 expected=$3
perfgate=${PERFGATE:-perfgate}
"$perfgate" report --shards "$shards_dir" --expected-shards "$expected" --report-dir "$out_dir"
worst=$?
case $worst in 0 | 1 | 2 | 77) ;; *) worst=2 ;; esac  # perfgate itself did not end (a crash): no verdict

# Recording never changes the verdict (as in `perfgate run`): a history that
# cannot take the runs is a warning.
shopt -s nullglob
files=("$shards_dir"/*/results/*.results.json "$shards_dir"/*/comparisons/*.comparison.json)
if [[ -n ${PERFGATE_HISTORY:-} ]] && ((${#files[@]} > 0)); then
  ingest=(history ingest --history "$PERFGATE_HISTORY" --kind "${PERFGATE_HISTORY_KIND:-main}")
  [[ -n ${PERFGATE_COMMIT:-} ]] && ingest+=(--commit "$PERFGATE_COMMIT")
  [[ -n ${PERFGATE_ORDINAL:-} ]] && ingest+=(--ordinal "$PERFGATE_ORDINAL")
  if ! "$perfgate" "${ingest[@]}" "${files[@]}"; then
    echo "merge-shards.sh: warning: history ingest failed; the gate's exit code stands" >&2   # no URL: it may hold a password
  fi
fi
exit "$worst"
