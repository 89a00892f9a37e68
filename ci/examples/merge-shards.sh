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
# Writes OUT_DIR as `perfgate run --report-dir` writes a run's folder
# (`perfgate report --report-dir`: every suite's reports from the same
# writer tables, index.html, summary.md), the summary then led by a table of
# the shards and their codes.  OUT_DIR must be new, empty or perfgate's.  With PERFGATE_HISTORY (an SQLite file or a
# postgresql:// URL) it then stores every shard's results and comparisons
# there: `perfgate history ingest --kind ${PERFGATE_HISTORY_KIND:-main}`,
# with --commit $PERFGATE_COMMIT and --ordinal $PERFGATE_ORDINAL when set.
#
# Exits with the worst code of the shards, worst first 2 (harness error),
# 1 (confirmed regression), 0 (pass or NOT GATED), 77 (everything skipped);
# 2 also when the report cannot be written (a failed ingest is a warning).  PERFGATE: the perfgate program (default:
# perfgate in PATH).
set -uo pipefail

if (($# != 3)) || [[ ! $3 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: merge-shards.sh SHARDS_DIR OUT_DIR EXPECTED_SHARD_COUNT" >&2
  exit 2
fi
shards_dir=$1 out_dir=$2 expected=$3
perfgate=${PERFGATE:-perfgate}
if [[ ! -d $shards_dir ]]; then
  echo "merge-shards.sh: $shards_dir: no such folder (no shard uploaded its report?)" >&2
  exit 2
fi
mkdir -p "$out_dir" || exit 2

# Worst first: a harness error hides a regression, which hides a pass,
# which hides a skip (the order `perfgate run` uses for its suites).
severity() {
  case $1 in
    2) echo 3 ;;
    1) echo 2 ;;
    0) echo 1 ;;
    77) echo 0 ;;
    *) echo 3 ;;  # anything else is a harness error too
  esac
}

worst=77
found=0
table="| shard | gate exit code |"$'\n'"|---|---|"
comparisons=()
results=()
for shard in "$shards_dir"/*/; do
  shard=${shard%/}
  name=$(basename "$shard")
  found=$((found + 1))
  code=2
  if [[ -f $shard/exit-code ]]; then
    code=$(tr -d '[:space:]' <"$shard/exit-code")
    [[ $code =~ ^[0-9]+$ ]] || { echo "merge-shards.sh: $shard/exit-code: '$code' is not an exit code" >&2; code=2; }
  else
    echo "merge-shards.sh: $shard: no exit-code (the shard stopped before its gate ended)" >&2
  fi
  (($(severity "$code") > $(severity "$worst"))) && worst=$code
  table+=$'\n'"| $name | $code |"
  for file in "$shard"/comparisons/*.comparison.json; do [[ -f $file ]] && comparisons+=("$file"); done
  for file in "$shard"/results/*.results.json; do [[ -f $file ]] && results+=("$file"); done
done
if ((found < expected)); then
  echo "merge-shards.sh: $found shard report(s) in $shards_dir, the matrix has $expected: a missing shard is a harness error" >&2
  table+=$'\n'"| ($((expected - found)) missing) | 2 |"
  worst=2
fi

report_text="no suite left a comparison in any shard"
if ((${#comparisons[@]} > 0)); then
  # perfgate report exits with the gate's code of what it read (a shard's
  # regression is 1 there too); the shards' own codes decide here, so only
  # a report that was not written is a failure.
  "$perfgate" report --report-dir "$out_dir" "${comparisons[@]}"
  if [[ ! -f $out_dir/index.html || ! -f $out_dir/summary.md ]]; then
    echo "merge-shards.sh: perfgate report failed" >&2
    worst=2
  else
    report_text=$(cat "$out_dir/summary.md")
  fi
fi
{
  echo "### perfgate: $found of $expected shard(s), exit code $worst"
  echo
  echo "$table"
  echo
  echo "$report_text"
} >"$out_dir/summary.md"

# Recording never changes the verdict (as in `perfgate run`): a history that
# cannot take the runs is a warning.
if [[ -n ${PERFGATE_HISTORY:-} ]] && ((${#comparisons[@]} + ${#results[@]} > 0)); then
  ingest=(history ingest --db "$PERFGATE_HISTORY" --kind "${PERFGATE_HISTORY_KIND:-main}")
  [[ -n ${PERFGATE_COMMIT:-} ]] && ingest+=(--commit "$PERFGATE_COMMIT")
  [[ -n ${PERFGATE_ORDINAL:-} ]] && ingest+=(--ordinal "$PERFGATE_ORDINAL")
  if ! "$perfgate" "${ingest[@]}" "${results[@]}" "${comparisons[@]}"; then
    echo "merge-shards.sh: warning: history ingest failed; the gate's exit code stands" >&2   # no URL: it may hold a password
  fi
fi

echo "merge-shards.sh: $found shard(s) merged into $out_dir; exit code $worst"
exit "$worst"
