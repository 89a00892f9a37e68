# cmake -DGPUS=<n> -DPROJECT_DIR=... -DBINARY_DIR=... -DPERFGATE_CMAKE_DIR=...
#       -DPROBE=... -DGENERATOR=... -P run_resource_spec.cmake
#
# Configures PROJECT_DIR (perfgate_resource_spec(GPUS n), three fake GPU
# tests), runs plain `ctest -j3` there (no --resource-spec-file: the build
# names the spec) and checks the records the tests left:
#   GPUS > 0: the spec lists n GPUs of 100 slots; every test got exactly one
#     of them and its CUDA_VISIBLE_DEVICES is that id; tests on the same GPU
#     never overlap in time; and some tests did overlap (on different GPUs),
#     so the GPUs were shared out rather than everything serialized.
#   GPUS = counted: the same as 2, counted by perfgate_resource_spec() with
#     a stand-in nvidia-smi, first in PATH, that lists two GPUs and a MIG
#     instance of the first (not a GPU of its own).
#     With -DVISIBLE=0 (CUDA_VISIBLE_DEVICES=0, a runner limited to GPU 0):
#     the spec lists GPU 0 only, every test gets it, one after another.
#   GPUS = 0: no spec file; every test ran with no allocation and
#     CUDA_VISIBLE_DEVICES unset (ctest ignores RESOURCE_GROUPS without a spec).
cmake_minimum_required(VERSION 3.25)

function(fail)
  string(JOIN "" text ${ARGN})
  message(FATAL_ERROR "resource_spec (GPUS ${GPUS}): ${text}")
endfunction()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message("${out}")
  if(NOT status EQUAL 0)
    fail("${what}: exit ${status}")
  endif()
endfunction()

# record_value(<out> <file> <key>): the value of a key=value line.
function(record_value out file key)
  file(STRINGS "${file}" lines REGEX "^${key}=")
  if(NOT lines)
    fail("${file}: no ${key}=")
  endif()
  string(REGEX REPLACE "^${key}=" "" value "${lines}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${BINARY_DIR}")
set(expected_ids)
if(GPUS STREQUAL "counted" AND DEFINED VISIBLE)
  set(expected_ids ${VISIBLE})
elseif(GPUS STREQUAL "counted")
  set(expected_ids 0 1)
elseif(GPUS GREATER 0)
  math(EXPR last "${GPUS} - 1")
  foreach(id RANGE ${last})
    list(APPEND expected_ids ${id})
  endforeach()
endif()
list(LENGTH expected_ids expected_gpus)
if(GPUS STREQUAL "counted")
  set(fake_bin "${BINARY_DIR}/fake-bin")
  file(WRITE "${fake_bin}/nvidia-smi" [=[#!/bin/sh
[ "$1" = -L ] || exit 9
echo "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-5a1e7c2b-0000-0000-0000-000000000000)"
echo "  MIG 3g.40gb     Device  0: (UUID: MIG-0a0b0c0d-0000-0000-0000-000000000000)"
echo "GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-5a1e7c2b-0000-0000-0000-000000000001)"
]=])
  file(CHMOD "${fake_bin}/nvidia-smi" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  set(ENV{PATH} "${fake_bin}:$ENV{PATH}")   # ctest, when it recounts, sees it too
endif()
unset(ENV{CUDA_VISIBLE_DEVICES})   # the probe must choose it
if(DEFINED VISIBLE)
  set(ENV{CUDA_VISIBLE_DEVICES} "${VISIBLE}")
endif()
unset(ENV{CTEST_RESOURCE_GROUP_COUNT})
run("configure" "${CMAKE_COMMAND}" -S "${PROJECT_DIR}" -B "${BINARY_DIR}" -G "${GENERATOR}"
    "-DGPUS=${GPUS}" "-DPERFGATE_CMAKE_DIR=${PERFGATE_CMAKE_DIR}" "-DPROBE=${PROBE}")
run("ctest -j3" "${CMAKE_CTEST_COMMAND}" --test-dir "${BINARY_DIR}" -j3 --output-on-failure)

set(spec "${BINARY_DIR}/perfgate-resource-spec.json")
if(expected_gpus EQUAL 0)
  if(EXISTS "${spec}")
    fail("a spec was written with no GPU: ${spec}")
  endif()
else()
  file(READ "${spec}" spec_text)
  string(JSON spec_gpus LENGTH "${spec_text}" local 0 gpus)
  if(NOT spec_gpus EQUAL expected_gpus)
    fail("${spec} lists ${spec_gpus} GPUs: ${spec_text}")
  endif()
  set(spec_ids)
  math(EXPR last "${spec_gpus} - 1")
  foreach(at RANGE ${last})
    string(JSON spec_id GET "${spec_text}" local 0 gpus ${at} id)
    list(APPEND spec_ids ${spec_id})
  endforeach()
  if(NOT spec_ids STREQUAL expected_ids)
    fail("${spec} lists GPUs ${spec_ids}, expected ${expected_ids}")
  endif()
  string(JSON slots GET "${spec_text}" local 0 gpus 0 slots)
  if(NOT slots EQUAL 100)
    fail("${spec}: ${slots} slots per GPU, expected 100")
  endif()
endif()

set(intervals)   # "<id>;<start>;<end>" per test
foreach(index 1 2 3)
  set(record "${BINARY_DIR}/records/fake_gpu_${index}.txt")
  if(NOT EXISTS "${record}")
    fail("fake_gpu_${index} left no record")
  endif()
  record_value(allocated "${record}" allocated)
  record_value(probe "${record}" probe)
  record_value(start "${record}" start)
  record_value(end "${record}" end)
  message(STATUS "fake_gpu_${index}: allocated ${allocated}, ${probe}, ${start}..${end}")
  if(expected_gpus EQUAL 0)
    if(NOT allocated STREQUAL "(none)" OR NOT probe STREQUAL "CUDA_VISIBLE_DEVICES=(unset)")
      fail("fake_gpu_${index} got an allocation without a spec: ${allocated}, ${probe}")
    endif()
    continue()
  endif()
  if(NOT allocated MATCHES "^id:([0-9]+),slots:100$")
    fail("fake_gpu_${index} was not given exactly one whole GPU: '${allocated}'")
  endif()
  set(id "${CMAKE_MATCH_1}")
  if(NOT id IN_LIST expected_ids)
    fail("fake_gpu_${index} got GPU ${id}, expected one of ${expected_ids}")
  endif()
  if(NOT probe STREQUAL "CUDA_VISIBLE_DEVICES=${id}")
    fail("fake_gpu_${index} was given GPU ${id} but the probe says ${probe}")
  endif()
  list(APPEND intervals "${id}|${start}|${end}")
endforeach()

if(expected_gpus GREATER 0)
  set(overlapped FALSE)
  foreach(a IN LISTS intervals)
    foreach(b IN LISTS intervals)
      if(a STRLESS b)
        string(REPLACE "|" ";" a_fields "${a}")
        string(REPLACE "|" ";" b_fields "${b}")
        list(GET a_fields 0 a_id)
        list(GET a_fields 1 a_start)
        list(GET a_fields 2 a_end)
        list(GET b_fields 0 b_id)
        list(GET b_fields 1 b_start)
        list(GET b_fields 2 b_end)
        if(a_start LESS b_end AND b_start LESS a_end)
          if(a_id EQUAL b_id)
            fail("two tests held GPU ${a_id} at the same time: ${a} and ${b}")
          endif()
          set(overlapped TRUE)
        endif()
      endif()
    endforeach()
  endforeach()
  if(expected_gpus GREATER 1 AND NOT overlapped)
    fail("no two tests ran at once under ctest -j3 with ${expected_gpus} GPUs: ${intervals}")
  endif()
endif()
message(STATUS "resource_spec (GPUS ${GPUS}): passed")
