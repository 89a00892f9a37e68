# cmake -DBASH=... -DPERFGATE=... -DSCRIPT=merge-shards.sh -DFIXTURES=<gbench fixtures>
#       -DWORK_DIR=... -P run_merge_shards.cmake
#
# Builds shard folders the way the CI examples' shard jobs leave them
# (comparisons/<suite>.comparison.json, exit-code) and checks merge-shards.sh:
#   a pass (0) and an all-skipped shard (77), 2 expected -> 0; one report
#     (index.html) and a summary with a row per shard; the comparison ingested
#     into the SQLite history, and a second ingest adds nothing
#   the same with 3 expected -> 2 (a missing shard is a harness error)
#   a regression shard (1) added -> 1 (1 beats 0 and 77)
#   a shard without exit-code added -> 2
#   that shard's exit-code a code perfgate never gives (5) -> 2, above the
#     regression (perfgate report --shards ranks with RunOutcome)
cmake_minimum_required(VERSION 3.25)

function(fail)
  string(JOIN "" text ${ARGN})
  message(FATAL_ERROR "ci_examples.merge_shards: ${text}")
endfunction()

# merge(<expected exit> <expected shard count> <output variable>)
function(merge expected_exit expected_shards output_variable)
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env "PERFGATE=${PERFGATE}" "PERFGATE_HISTORY=${WORK_DIR}/history.sqlite"
            PERFGATE_HISTORY_KIND=pr PERFGATE_COMMIT=0123456789abcdef0123456789abcdef01234567
            "${BASH}" "${SCRIPT}" "${WORK_DIR}/shards" "${WORK_DIR}/out" "${expected_shards}"
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message("${out}")
  if(NOT status STREQUAL "${expected_exit}")
    fail("merge-shards.sh with ${expected_shards} expected: exit ${status}, expected ${expected_exit}")
  endif()
  file(READ "${WORK_DIR}/out/summary.md" summary)
  set(${output_variable} "${out}\n${summary}" PARENT_SCOPE)
endfunction()

function(require text what)
  string(FIND "${text}" "${what}" at)
  if(at EQUAL -1)
    fail("'${what}' not in:\n${text}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
set(pass_shard "${WORK_DIR}/shards/perfgate-gpu-h100-shard-1")
file(MAKE_DIRECTORY "${pass_shard}/comparisons" "${WORK_DIR}/shards/perfgate-cpu-shard-2")
execute_process(COMMAND "${PERFGATE}" compare "${FIXTURES}/test3_run0.json" "${FIXTURES}/test3_run1.json"
                        --json "${pass_shard}/comparisons/test3.comparison.json"
                RESULT_VARIABLE status OUTPUT_QUIET)
if(NOT status EQUAL 0)
  fail("perfgate compare on the fixtures: exit ${status}, expected 0")
endif()
file(WRITE "${pass_shard}/exit-code" "0\n")
file(WRITE "${WORK_DIR}/shards/perfgate-cpu-shard-2/exit-code" "77\n")

merge(0 2 out)
require("${out}" "| perfgate-gpu-h100-shard-1 | 0 |")
require("${out}" "| perfgate-cpu-shard-2 | 77 |")
require("${out}" "1 comparison(s) added, 0 already there")
# compare.py's test3 fixtures hold too few repetitions to judge (and two
# cases on one side only): the shard passed (exit 0) and its report says it
# gated nothing, never PASS.
require("${out}" "perfgate: NOT GATED (exit 0)")
if(NOT EXISTS "${WORK_DIR}/out/index.html" OR NOT EXISTS "${WORK_DIR}/history.sqlite")
  fail("no index.html or history.sqlite after the merge")
endif()

merge(2 3 out)
require("${out}" "(1 missing) | 2 |")
require("${out}" "0 comparison(s) added, 1 already there")

set(regression_shard "${WORK_DIR}/shards/perfgate-gpu-a100-shard-1")
file(COPY "${pass_shard}/comparisons" DESTINATION "${regression_shard}")
file(WRITE "${regression_shard}/exit-code" "1\n")
merge(1 3 out)
require("${out}" "| perfgate-gpu-a100-shard-1 | 1 |")

file(MAKE_DIRECTORY "${WORK_DIR}/shards/perfgate-gpu-a100-shard-2")   # its job died before the gate ended
merge(2 4 out)
require("${out}" "| perfgate-gpu-a100-shard-2 | 2 |")

file(WRITE "${WORK_DIR}/shards/perfgate-gpu-a100-shard-2/exit-code" "5\n")
merge(2 4 out)
require("${out}" "| perfgate-gpu-a100-shard-2 | 2 (exit-code: '5') |")
require("${out}" "### perfgate: 4 of 4 shard(s), exit code 2")
message(STATUS "ci_examples.merge_shards: passed")
