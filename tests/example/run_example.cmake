# cmake -DACTION=<install|package|subdirectory> ... -P run_example.cmake
#
#   install       remove PREFIX, then `cmake --install PERFGATE_BINARY_DIR --prefix PREFIX`
#                 (installs what is built; compiles nothing) and check the tree
#   package       build EXAMPLE_SOURCE_DIR in EXAMPLE_BINARY_DIR with
#                 find_package(perfgate) from PREFIX, then run its suite; then
#                 the installed PREFIX/bin/perfgate: a baseline (baseline
#                 promote), `perfgate run` with a planted regression (exit 1,
#                 every report in one folder) and with a malformed baseline
#                 (exit 2: ctest's 8 would not tell the two apart)
#   subdirectory  the same with add_subdirectory(PERFGATE_SOURCE_DIR)
#
# Other variables: GENERATOR, MAKE_PROGRAM, CXX_COMPILER, CXX_LAUNCHER, BUILD_TYPE,
# CUDA_TOOLKIT_ROOT (package mode, when perfgate has CUDA).
# Every command's output is printed, so a failure shows what went wrong.
cmake_minimum_required(VERSION 3.25)

function(fail)
  string(JOIN "" text ${ARGN})
  message(FATAL_ERROR "example.${ACTION}: ${text}")
endfunction()

# run_expecting(<what> <exit code> <output variable> <command...>): runs it,
# prints its output and keeps it in the variable, fails unless it exits with
# that code.
function(run_expecting what expected output_variable)
  list(JOIN ARGN " " shown)
  message(STATUS "example.${ACTION}: ${what}\n  $ ${shown}")
  string(TIMESTAMP started "%s")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(TIMESTAMP finished "%s")
  math(EXPR seconds "${finished} - ${started}")
  message("${out}")
  if(NOT rc STREQUAL "${expected}")
    fail("${what}: exit ${rc}, expected ${expected}, after ${seconds} s:\n  $ ${shown}")
  endif()
  message(STATUS "example.${ACTION}: ${what}: exit ${rc} as expected (${seconds} s)")
  set(${output_variable} "${out}" PARENT_SCOPE)
endfunction()

# run(<what> <command...>): runs it, prints its output, fails unless it exits 0.
function(run what)
  run_expecting("${what}" 0 ignored ${ARGN})
endfunction()

foreach(required IN ITEMS ACTION)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "run_example.cmake: -D${required}=... is required")
  endif()
endforeach()

if(ACTION STREQUAL "install")
  if(NOT EXISTS "${PERFGATE_BINARY_DIR}/cmake_install.cmake")
    fail("${PERFGATE_BINARY_DIR} has no install rules (configured with PERFGATE_INSTALL=OFF?)")
  endif()
  file(REMOVE_RECURSE "${PREFIX}")   # no file left over from an older install
  run("install perfgate" "${CMAKE_COMMAND}" --install "${PERFGATE_BINARY_DIR}" --prefix "${PREFIX}")
  file(GLOB config "${PREFIX}/*/cmake/perfgate/perfgateConfig.cmake" "${PREFIX}/*/*/cmake/perfgate/perfgateConfig.cmake")
  if(NOT config)
    fail("no perfgateConfig.cmake under ${PREFIX}")
  endif()
  if(NOT EXISTS "${PREFIX}/include/perfgate/perfgate.hpp")
    fail("no ${PREFIX}/include/perfgate/perfgate.hpp")
  endif()
  return()
endif()

if(NOT ACTION MATCHES "^(package|subdirectory)$")
  fail("unknown ACTION (expected install, package or subdirectory)")
endif()

set(configure_args
  -S "${EXAMPLE_SOURCE_DIR}" -B "${EXAMPLE_BINARY_DIR}" --fresh
  -G "${GENERATOR}"
  "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
  "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
  "-DPERFGATE_EXAMPLE_MODE=${ACTION}"
  # The gate's baselines in the build tree, never in the source tree.
  "-DPERFGATE_EXAMPLE_BASELINE_DIR=${EXAMPLE_BINARY_DIR}/baselines")
if(MAKE_PROGRAM)
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(CXX_LAUNCHER)   # ccache, when perfgate's build uses it
  list(APPEND configure_args "-DCMAKE_CXX_COMPILER_LAUNCHER=${CXX_LAUNCHER}")
endif()
if(ACTION STREQUAL "package")
  # Only the install prefix: the package must not come from perfgate's build tree.
  list(APPEND configure_args "-DCMAKE_PREFIX_PATH=${PREFIX}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
  if(CUDA_TOOLKIT_ROOT)
    list(APPEND configure_args "-DCUDAToolkit_ROOT=${CUDA_TOOLKIT_ROOT}")
  endif()
else()
  # No PERFGATE_CUDA: a C++-only project that adds perfgate's sources gets
  # no CUDA parts by default, though this machine may have nvcc.
  list(APPEND configure_args "-DPERFGATE_SOURCE_DIR=${PERFGATE_SOURCE_DIR}")
endif()

# --fresh keeps the object files of an earlier run (Ninja rebuilds only what
# changed) but none of its cache.
run_expecting("configure the example (${ACTION} mode)" 0 configured "${CMAKE_COMMAND}" ${configure_args})
if(ACTION STREQUAL "subdirectory" AND NOT configured MATCHES "perfgate: CUDA parts not built: the project that added perfgate has not enabled CUDA")
  fail("perfgate, added to a project without CUDA, did not say it leaves its CUDA parts out")
endif()

if(ACTION STREQUAL "package")
  file(STRINGS "${EXAMPLE_BINARY_DIR}/CMakeCache.txt" perfgate_dir REGEX "^perfgate_DIR:")
  string(REGEX REPLACE "^[^=]*=" "" perfgate_dir "${perfgate_dir}")
  file(REAL_PATH "${PREFIX}" real_prefix)
  if(EXISTS "${perfgate_dir}")
    file(REAL_PATH "${perfgate_dir}" perfgate_dir)
  endif()
  string(FIND "${perfgate_dir}/" "${real_prefix}/" at)
  if(NOT at EQUAL 0)
    fail("perfgate was found in '${perfgate_dir}', not under the install prefix ${PREFIX}")
  endif()
  message(STATUS "example.${ACTION}: perfgate package found in ${perfgate_dir}")
endif()

# Only the suite (and, in subdirectory mode, the perfgate libraries it links).
run("build perf_example" "${CMAKE_COMMAND}" --build "${EXAMPLE_BINARY_DIR}" --target perf_example)

set(suite "${EXAMPLE_BINARY_DIR}/perf_example${CMAKE_EXECUTABLE_SUFFIX}")
if(NOT EXISTS "${suite}")
  fail("the build made no ${suite}")
endif()

# perfgate_add_suite() registered the gate and the smoke test, and listed the suite.
execute_process(COMMAND "${CMAKE_CTEST_COMMAND}" -N WORKING_DIRECTORY "${EXAMPLE_BINARY_DIR}"
                OUTPUT_VARIABLE listing ERROR_VARIABLE listing)
foreach(test IN ITEMS perf.example perf-smoke.example)
  if(NOT listing MATCHES ": ${test}\n")
    fail("ctest lists no test ${test}:\n${listing}")
  endif()
endforeach()
if(NOT EXISTS "${EXAMPLE_BINARY_DIR}/perfgate-suites.json")
  fail("no ${EXAMPLE_BINARY_DIR}/perfgate-suites.json")
endif()
file(READ "${EXAMPLE_BINARY_DIR}/perfgate-suites.json" manifest)
string(JSON listed_suite GET "${manifest}" suites 0 name)
if(NOT listed_suite STREQUAL "example")
  fail("perfgate-suites.json lists '${listed_suite}', not 'example'")
endif()

run("smoke run" "${suite}" --perfgate_mode=smoke)

set(results "${EXAMPLE_BINARY_DIR}/results/example.results.json")
file(REMOVE "${results}")
run("record run" "${suite}" --perfgate_mode=record "--perfgate_results=${results}" --benchmark_repetitions=3)
if(NOT EXISTS "${results}")
  fail("the record run wrote no ${results}")
endif()
file(READ "${results}" json)
string(JSON recorded_suite GET "${json}" suite)
string(JSON cases LENGTH "${json}" benchmarks)
if(NOT recorded_suite STREQUAL "example" OR cases LESS 3)
  fail("${results}: suite '${recorded_suite}' with ${cases} cases; expected suite 'example' with 3")
endif()
message(STATUS "example.${ACTION}: ${results}: ${cases} cases recorded")

if(NOT ACTION STREQUAL "package")
  return()
endif()

# The installed `perfgate run`, as an outside project's CI job calls it.
set(perfgate "${PREFIX}/bin/perfgate${CMAKE_EXECUTABLE_SUFFIX}")
if(NOT EXISTS "${perfgate}")
  fail("no ${perfgate}: the install has no perfgate program")
endif()
# 10 repetitions a side (8 are the fewest with which the gate's test can
# tell a case 4x slower at its false-discovery level, over 3 cases), each
# 0.05 s instead of Google Benchmark's 0.5 s: seconds, not a minute.
set(repetitions 10)
set(min_time 0.05)
set(baselines "${EXAMPLE_BINARY_DIR}/baselines")
set(round "${EXAMPLE_BINARY_DIR}/results/baseline-round.results.json")
file(REMOVE_RECURSE "${baselines}")
file(REMOVE "${round}")
run("record a baseline round" "${suite}" --perfgate_mode=record "--perfgate_results=${round}"
    --benchmark_repetitions=${repetitions} --benchmark_min_time=${min_time})
# --force: CI (where CI is set) never writes baselines, except this test's own.
run("make it the baseline" "${perfgate}" baseline promote "${round}" --baseline-dir "${baselines}" --force)
file(GLOB baseline "${baselines}/*/example.json")
if(NOT baseline)
  fail("baseline promote wrote no ${baselines}/<device-slug>/example.json")
endif()

# The suites get these repetitions and this min time, not the caller's
# history or Google Benchmark settings.
# PERFGATE_AGAINST=stored: the gate against the baseline this test promoted
# (not committed anywhere: there is no commit of it to rebuild).
set(gate_env "${CMAKE_COMMAND}" -E env --unset=PERFGATE_HISTORY --unset=PERFGATE_HISTORY_KIND PERFGATE_AGAINST=stored
    "BENCHMARK_REPETITIONS=${repetitions}" "BENCHMARK_MIN_TIME=${min_time}")
set(report "${EXAMPLE_BINARY_DIR}/gate-report")
# This test's own report folder, from its last run (perfgate refuses a
# folder it has no marker in, as one of an older perfgate's would be).
file(REMOVE_RECURSE "${report}")

# A planted regression far above any machine's drift: std::sort 4x slower.
run_expecting("perfgate run with a planted 4x slowdown" 1 out
  ${gate_env} PERFGATE_EXAMPLE_SLOWDOWN=4 "${perfgate}" run --build-dir "${EXAMPLE_BINARY_DIR}" --report-dir "${report}")
foreach(file IN ITEMS junit/example.junit.xml comparisons/example.comparison.json results/example.results.json
                      summary.md index.html)
  if(NOT EXISTS "${report}/${file}")
    fail("perfgate run left no ${report}/${file}")
  endif()
endforeach()
file(READ "${report}/comparisons/example.comparison.json" comparison)
string(JSON suite_code GET "${comparison}" exit_code)
file(READ "${report}/summary.md" summary)
string(REPLACE "\\_" "_" summary_text "${summary}")  # Markdown escapes the underscores
if(NOT suite_code EQUAL 1 OR NOT summary_text MATCHES "BM_std_sort/4096" OR NOT out MATCHES "perfgate: gate exit code 1")
  fail("the planted regression: comparison exit code ${suite_code}; summary.md:\n${summary}")
endif()

# A broken suite: its baseline is no JSON, so it stops before measuring and
# leaves no comparison.  The regression's reports must not stand in for it.
file(WRITE "${baseline}" "{ this is not JSON")
run_expecting("perfgate run with a malformed baseline" 2 out
  ${gate_env} "${perfgate}" run --build-dir "${EXAMPLE_BINARY_DIR}" --report-dir "${report}")
# Its reports are the harness error's (rendered from the writer tables like
# every suite's), never the earlier run's regression.
file(READ "${report}/comparisons/example.comparison.json" broken)
string(JSON broken_code GET "${broken}" exit_code)
string(JSON broken_status GET "${broken}" status)
if(NOT broken_code EQUAL 2 OR NOT broken_status STREQUAL "ERROR")
  fail("perfgate run kept the earlier run's reports in ${report} (exit_code ${broken_code}, status ${broken_status})")
endif()
if(NOT out MATCHES "perf.example ended failed and left no comparison" OR NOT out MATCHES "perfgate: gate exit code 2")
  fail("the broken suite was not reported as a harness error")
endif()
file(REMOVE_RECURSE "${baselines}")
