# cmake -DREADME=<README.md> -DPREFIX=<install prefix> -DWORK_DIR=<folder>
#       [-DCXX_LAUNCHER=ccache] -P run_quickstart.cmake
#
# example.quickstart: the README's "Your first suite" for a CPU suite, as a
# new user copies it.  Its perf/sort_perf.cpp and CMakeLists.txt are taken
# from the README's code blocks into a fresh git project, and its command
# blocks run as written, with two changes only: /opt/perfgate (the README's
# install prefix) is this build's install (example.install), and Google
# Benchmark's minimum time a repetition is shortened (BENCHMARK_MIN_TIME).
#   2. configure, build, ctest -L smoke
#   4. perfgate baseline update, then the baseline committed
#   5. ctest -L perf, perfgate run (the reference rebuilt from the baseline's
#      commit and measured here), the suite binary run bare
# Each must be gated against the baseline just recorded.  A README that
# drifts from the code fails here.
cmake_minimum_required(VERSION 3.25)

foreach(required IN ITEMS README PREFIX WORK_DIR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "run_quickstart.cmake: -D${required}=... is required")
  endif()
endforeach()

function(fail)
  string(JOIN "" text ${ARGN})
  message(FATAL_ERROR "example.quickstart: ${text}")
endfunction()

# The README's text from `first` up to `last` (a heading each).
function(readme_section text first last out)
  string(FIND "${text}" "${first}" from)
  if(from EQUAL -1)
    fail("README.md has no '${first}'")
  endif()
  string(SUBSTRING "${text}" ${from} -1 rest)
  string(FIND "${rest}" "${last}" to)
  if(to EQUAL -1)
    fail("README.md has no '${last}' after '${first}'")
  endif()
  string(SUBSTRING "${rest}" 0 ${to} section)
  set(${out} "${section}" PARENT_SCOPE)
endfunction()

# The first ```<lang> block of `text` whose first line is `first_line`
# (any first line when empty), without its fences.
function(code_block text lang first_line out)
  set(fence "```${lang}\n")
  while(TRUE)
    string(FIND "${text}" "${fence}" at)
    if(at EQUAL -1)
      fail("README.md: no ```${lang} block starting '${first_line}'")
    endif()
    string(LENGTH "${fence}" fence_length)
    math(EXPR start "${at} + ${fence_length}")
    string(SUBSTRING "${text}" ${start} -1 text)
    string(FIND "${text}" "\n```" end)
    math(EXPR end "${end} + 1")
    string(SUBSTRING "${text}" 0 ${end} block)
    if(first_line STREQUAL "" OR block MATCHES "^${first_line}")
      set(${out} "${block}" PARENT_SCOPE)
      return()
    endif()
    string(SUBSTRING "${text}" ${end} -1 text)
  endwhile()
endfunction()

# Runs one command line of the README in the project, through sh; returns its
# exit code and output.
function(run_line line code_var output_var)
  string(REPLACE "/opt/perfgate" "${PREFIX}" line "${line}")
  message(STATUS "example.quickstart: $ ${line}")
  execute_process(COMMAND sh -c "${line}" WORKING_DIRECTORY "${WORK_DIR}"
                  RESULT_VARIABLE code OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message("${output}")
  set(${code_var} "${code}" PARENT_SCOPE)
  set(${output_var} "${output}" PARENT_SCOPE)
endfunction()

# Every command line of a ```sh block, each expected to exit 0.
function(run_block block)
  string(REPLACE "\n" ";" lines "${block}")
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*(#|$)")
      continue()
    endif()
    run_line("${line}" code output)
    if(NOT code EQUAL 0)
      fail("exit ${code}: ${line}")
    endif()
  endforeach()
endfunction()

file(READ "${README}" readme)
readme_section("${readme}" "### 2. A CPU suite" "### 3." cpu_suite)
readme_section("${readme}" "### 4. Record a baseline" "### 5." record)
readme_section("${readme}" "### 5. Gate" "### 6." gate)
code_block("${cpu_suite}" "cpp" "// perf/sort_perf.cpp" source)
code_block("${cpu_suite}" "cmake" "# CMakeLists.txt" lists)
code_block("${cpu_suite}" "sh" "" build_commands)
code_block("${record}" "sh" "" record_commands)
code_block("${gate}" "sh" "" gate_commands)

# A fresh project in git, as a user's is (the baseline names its commit).
file(REMOVE_RECURSE "${WORK_DIR}")
file(WRITE "${WORK_DIR}/perf/sort_perf.cpp" "${source}")
file(WRITE "${WORK_DIR}/CMakeLists.txt" "${lists}")
set(ENV{GIT_AUTHOR_NAME} "perfgate test")
set(ENV{GIT_AUTHOR_EMAIL} "test@example.org")
set(ENV{GIT_COMMITTER_NAME} "perfgate test")
set(ENV{GIT_COMMITTER_EMAIL} "test@example.org")
foreach(step IN ITEMS "git init -q" "git add -A" "git commit -q -m project")
  run_line("${step}" code output)
  if(NOT code EQUAL 0)
    fail("could not make the project's repository: ${step}: ${output}")
  endif()
endforeach()

# The environment of a developer's shell, not of perfgate's CI: baseline
# update refuses to write where CI is set, and nothing of perfgate's own
# configuration may leak in.
foreach(variable IN ITEMS CI GITHUB_ACTIONS GITLAB_CI GITHUB_STEP_SUMMARY PERFGATE_HISTORY PERFGATE_AGAINST
                          PERFGATE_REQUIRE_GATED PERFGATE_THRESHOLD PERFGATE_ANNOTATIONS PERFGATE_DEDICATED_RUNNER
                          PERFGATE_REPORT_URL PERFGATE_DASHBOARD_URL BENCHMARK_REPETITIONS)
  unset(ENV{${variable}})
endforeach()
set(ENV{PATH} "${PREFIX}/bin:$ENV{PATH}")
set(ENV{BENCHMARK_MIN_TIME} "0.02")
if(CXX_LAUNCHER)
  set(ENV{CMAKE_CXX_COMPILER_LAUNCHER} "${CXX_LAUNCHER}")
endif()

run_block("${build_commands}")
run_block("${record_commands}")
file(GLOB baselines "${WORK_DIR}/baselines/*/sort.json")
list(LENGTH baselines count)
if(NOT count EQUAL 1)
  fail("perfgate baseline update left ${count} baselines/<slug>/sort.json, not 1")
endif()
run_line("git log --oneline -1 -- baselines" code committed)
if(NOT committed MATCHES "perf baselines")
  fail("the baseline was not committed as section 4 says: ${committed}")
endif()

# Section 5: each way of gating judges sort against that baseline.  Not
# whether it passes: a loaded machine may confirm a slowdown of unchanged
# code (exit 1); never NOT GATED (no baseline found) or an error (exit 2).
string(REPLACE "\n" ";" gate_lines "${gate_commands}")
set(ran 0)
foreach(line IN LISTS gate_lines)
  if(line MATCHES "^[ \t]*(#|$)")
    continue()
  endif()
  run_line("${line}" code output)
  math(EXPR ran "${ran} + 1")
  if(line MATCHES "^ctest")
    set(allowed "^(0|8)$")   # ctest: 8 for a failed test
  else()
    set(allowed "^(0|1)$")
  endif()
  if(NOT code MATCHES "${allowed}")
    fail("exit ${code}: ${line}")
  endif()
  if(line MATCHES "^ctest")
    # ctest keeps the suite's output to itself: its comparison says.
    file(READ "${WORK_DIR}/build/perfgate-results/sort.comparison.json" comparison)
    string(JSON output GET "${comparison}" status)
    set(output "perfgate: ${output} (exit ${code})")
    string(REPLACE "(exit 8)" "(exit 1)" output "${output}")
  endif()
  if(output MATCHES "NOT GATED" OR NOT output MATCHES "perfgate: (PASS|FAIL) \\(exit [01]\\)")
    fail("'${line}' did not gate sort against its baseline")
  endif()
endforeach()
if(NOT ran EQUAL 3)
  fail("section 5 ran ${ran} commands; the test knows 3 (ctest, perfgate run, the bare binary)")
endif()
message(STATUS "example.quickstart: the README's first suite configured, built, recorded and gated as written")
