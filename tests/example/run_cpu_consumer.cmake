# cmake -DPREFIX=... -DPROJECT_DIR=... -DBINARY_DIR=... -DFIXTURES=... -P run_cpu_consumer.cmake
#
# example.cpu_consumer: a perfgate built with CUDA and installed in PREFIX
# (example.install) is used where CUDA is not:
#   1. PREFIX/bin/perfgate NEEDs no CUDA library (readelf -d), and
#      `perfgate compare` runs with LD_LIBRARY_PATH=/nonexistent and, where
#      the x86-64 loader is there, with its cache off (--inhibit-cache), so
#      that a libcudart known only to ldconfig is out of reach too
#   2. `perfgate device` whose perfgate-device-cuda cannot start (a stand-in
#      that fails as the loader does without libcudart) exits 0 and reports
#      "no CUDA device: ..."
#   3. PROJECT_DIR (cpu_project/, CXX only) configures with
#      CMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=TRUE and OPTIONAL_COMPONENTS
#      CUDA: its GPU suite is skipped, its host suite builds, NEEDs no CUDA
#      library and runs in smoke mode; with COMPONENTS CUDA it must fail
#   4. and where SQLite3 and PostgreSQL cannot be found either
#      (CMAKE_DISABLE_FIND_PACKAGE_*: a machine without libsqlite3-dev and
#      libpq-dev), the same project configures without the History
#      component, its host suite NEEDs neither libsqlite3 nor libpq and
#      refuses --perfgate_history with the reason; COMPONENTS History fails
# Other variables: GENERATOR, MAKE_PROGRAM, CXX_COMPILER, CXX_LAUNCHER, BUILD_TYPE.
cmake_minimum_required(VERSION 3.25)

function(fail)
  string(JOIN "" text ${ARGN})
  message(FATAL_ERROR "example.cpu_consumer: ${text}")
endfunction()

# run_expecting(<what> <exit code> <output variable> <command...>)
function(run_expecting what expected output_variable)
  list(JOIN ARGN " " shown)
  message(STATUS "example.cpu_consumer: ${what}\n  $ ${shown}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message("${out}")
  if(NOT rc STREQUAL "${expected}")
    fail("${what}: exit ${rc}, expected ${expected}:\n  $ ${shown}")
  endif()
  set(${output_variable} "${out}" PARENT_SCOPE)
endfunction()

# The CUDA libraries a host program must not load.
set(cuda_library_regex "lib(cuda|cudart|cublas|cublasLt|cupti|nvrtc|cufft|nvToolsExt|nvJitLink)\\.so")

function(check_no_cuda_needed binary)
  find_program(readelf NAMES readelf llvm-readelf REQUIRED)
  run_expecting("NEEDED of ${binary}" 0 dynamic "${readelf}" -d "${binary}")
  string(REGEX MATCHALL "NEEDED[^\n]*" needed "${dynamic}")
  if(NOT needed)
    fail("readelf -d ${binary} lists no NEEDED library")
  endif()
  foreach(line IN LISTS needed)
    if(line MATCHES "${cuda_library_regex}")
      fail("${binary} needs a CUDA library: ${line}")
    endif()
  endforeach()
endfunction()

foreach(required IN ITEMS PREFIX PROJECT_DIR BINARY_DIR FIXTURES GENERATOR CXX_COMPILER BUILD_TYPE)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "run_cpu_consumer.cmake: -D${required}=... is required")
  endif()
endforeach()
set(perfgate "${PREFIX}/bin/perfgate")
if(NOT EXISTS "${perfgate}")
  fail("no ${perfgate} (example.install installs it)")
endif()

# 1. The offline tool starts without CUDA.
check_no_cuda_needed("${perfgate}")
set(baseline "${FIXTURES}/bpfilter__7d87bb0.json")
set(current "${FIXTURES}/bpfilter__8621e84.json")
run_expecting("perfgate compare, LD_LIBRARY_PATH=/nonexistent" 0 out
  "${CMAKE_COMMAND}" -E env LD_LIBRARY_PATH=/nonexistent "${perfgate}" compare "${baseline}" "${current}")
if(NOT out MATCHES "dropAfterXRules")
  fail("perfgate compare printed no comparison")
endif()
set(loader /lib64/ld-linux-x86-64.so.2)
if(EXISTS "${loader}")
  run_expecting("perfgate compare, loader cache off" 0 out
    "${CMAKE_COMMAND}" -E env LD_LIBRARY_PATH=/nonexistent "${loader}" --inhibit-cache "${perfgate}" compare "${baseline}" "${current}")
endif()

# 2. perfgate device when its CUDA helper cannot start.
set(stand_in "${BINARY_DIR}/no_cuda_bin")
file(REMOVE_RECURSE "${stand_in}")
file(MAKE_DIRECTORY "${stand_in}")
file(COPY "${perfgate}" DESTINATION "${stand_in}")
file(WRITE "${stand_in}/perfgate-device-cuda"
  "#!/bin/sh\necho \"perfgate-device-cuda: error while loading shared libraries: libcudart.so.13: cannot open shared object file: No such file or directory\" >&2\nexit 127\n")
file(CHMOD "${stand_in}/perfgate-device-cuda" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
run_expecting("perfgate device without CUDA libraries" 0 out
  "${stand_in}/perfgate" device --baseline-dir "${BINARY_DIR}/baselines")
if(NOT out MATCHES "Host CPU: " OR NOT out MATCHES "no CUDA device: [^\n]*libcudart\\.so\\.13")
  fail("perfgate device did not report the host and 'no CUDA device: ... libcudart.so.13'")
endif()
run_expecting("perfgate device --json without CUDA libraries" 0 out
  "${stand_in}/perfgate" device --json --baseline-dir "${BINARY_DIR}/baselines")
string(JSON gpu_count LENGTH "${out}" gpus)
string(JSON unavailable GET "${out}" gpu_unavailable)
if(NOT gpu_count EQUAL 0 OR NOT unavailable MATCHES "^no CUDA device: ")
  fail("perfgate device --json: ${gpu_count} GPUs, gpu_unavailable '${unavailable}'")
endif()

# 3. A CXX-only project that cannot find CUDA.
set(configure_args
  -S "${PROJECT_DIR}" -B "${BINARY_DIR}/project" --fresh
  -G "${GENERATOR}"
  "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
  "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
  "-DCMAKE_PREFIX_PATH=${PREFIX}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
  -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=TRUE)
if(MAKE_PROGRAM)
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(CXX_LAUNCHER)
  list(APPEND configure_args "-DCMAKE_CXX_COMPILER_LAUNCHER=${CXX_LAUNCHER}")
endif()
run_expecting("configure cpu_project (OPTIONAL_COMPONENTS CUDA)" 0 out
  "${CMAKE_COMMAND}" ${configure_args} -DCPU_PROJECT_REQUIRE_CUDA=OFF)
if(NOT out MATCHES "PERFGATE_BUILT_WITH_CUDA=(ON|1|TRUE) perfgate_CUDA_FOUND=FALSE PERFGATE_HAS_CUDA=FALSE")
  fail("expected a perfgate built with CUDA whose CUDA component was not found")
endif()
if(NOT out MATCHES "GPU suite 'cpu_consumer_gpu' not built")
  fail("the GPU suite was not skipped")
endif()
run_expecting("build the host suite" 0 out
  "${CMAKE_COMMAND}" --build "${BINARY_DIR}/project" --target perf_cpu_consumer)
set(suite "${BINARY_DIR}/project/perf_cpu_consumer${CMAKE_EXECUTABLE_SUFFIX}")
check_no_cuda_needed("${suite}")
run_expecting("run the host suite in smoke mode" 0 out
  "${CMAKE_COMMAND}" -E env LD_LIBRARY_PATH=/nonexistent "${suite}" --perfgate_mode=smoke)
if(NOT out MATCHES "BM_accumulate")
  fail("the smoke run did not run BM_accumulate")
endif()

run_expecting("configure cpu_project (COMPONENTS CUDA)" 1 out
  "${CMAKE_COMMAND}" ${configure_args} -DCPU_PROJECT_REQUIRE_CUDA=ON)
if(NOT out MATCHES "perfgate's CUDA component: no CUDA toolkit")
  fail("COMPONENTS CUDA without a toolkit did not fail with the reason")
endif()

# 4. Without libsqlite3-dev and libpq-dev.
set(no_history_args ${configure_args} -DCMAKE_DISABLE_FIND_PACKAGE_SQLite3=TRUE -DCMAKE_DISABLE_FIND_PACKAGE_PostgreSQL=TRUE)
run_expecting("configure cpu_project without SQLite3 and PostgreSQL" 0 out
  "${CMAKE_COMMAND}" ${no_history_args} -DCPU_PROJECT_REQUIRE_CUDA=OFF)
if(NOT out MATCHES "perfgate_History_FOUND=FALSE")
  fail("the History component was loaded without SQLite3 and PostgreSQL")
endif()
run_expecting("build the host suite without the History component" 0 out
  "${CMAKE_COMMAND}" --build "${BINARY_DIR}/project" --target perf_cpu_consumer)
find_program(readelf_program NAMES readelf llvm-readelf REQUIRED)
run_expecting("NEEDED of the suite without the History component" 0 dynamic "${readelf_program}" -d "${suite}")
if(dynamic MATCHES "NEEDED[^\n]*lib(pq|sqlite3)\\.so")
  fail("${suite} needs libpq or libsqlite3 without the History component")
endif()
run_expecting("--perfgate_history without the History component" 2 out
  "${suite}" --perfgate_mode=record "--perfgate_results=${BINARY_DIR}/r.json" "--perfgate_history=${BINARY_DIR}/h.sqlite")
if(NOT out MATCHES "built without perfgate's History component")
  fail("--perfgate_history without the History component did not say why")
endif()
run_expecting("configure cpu_project (COMPONENTS History) without SQLite3 and PostgreSQL" 1 out
  "${CMAKE_COMMAND}" ${no_history_args} -DCPU_PROJECT_REQUIRE_HISTORY=ON)
if(NOT out MATCHES "perfgate's History component: needs SQLite3, PostgreSQL and OpenSSL")
  fail("COMPONENTS History without SQLite3 and PostgreSQL did not fail with the reason")
endif()
run_expecting("configure cpu_project (COMPONENTS History)" 0 out
  "${CMAKE_COMMAND}" ${configure_args} -DCPU_PROJECT_REQUIRE_HISTORY=ON)
if(NOT out MATCHES "perfgate_History_FOUND=TRUE")
  fail("COMPONENTS History with SQLite3 and PostgreSQL did not load it")
endif()
message(STATUS "example.cpu_consumer: passed")
