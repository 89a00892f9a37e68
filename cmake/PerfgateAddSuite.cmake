# perfgate_add_suite(<name>
#   SOURCES <files...>          the Google Benchmark cases
#   [LIBRARIES <targets...>]    what the cases link against
#   [GPU]                       the cases need a CUDA device: links
#                               perfgate::main_cuda (skipped when perfgate has
#                               no CUDA or its CUDA component was not found;
#                               exit 77 without a device)
#   [GPUS <n>]                  with GPU: the cases may use up to n GPUs
#                               (default 1); n > 1 adds the label `multi-gpu`
#   [BASELINE_DIR <dir>]        default: <project source>/baselines
#   [ARGS <args...>]            extra arguments of the gated run
#   [SMOKE_ARGS <args...>]      extra arguments of the perf-smoke run
#   [TIMEOUT <seconds>])        ctest timeout of the gated run (default 1500)
#
# Builds the suite binary perf_<name> (main() from perfgate::main, or
# perfgate::main_cuda for a GPU suite) and adds
#   perf.<name>        the gate: label `perf` (+ `gpu`), exit 0/1/2, 77 = skipped
#   perf-smoke.<name>  every case once, no gating: label `smoke` (+ `gpu`)
# GPU suites take one whole GPU from ctest's resource pool (RESOURCE_GROUPS
# gpus:100, perfgate_use_one_gpu; perfgate_resource_spec() writes the pool),
# a suite of GPUS n min(n, GPUs counted) whole GPUs (perfgate_use_gpus): a
# 1-GPU runner runs its 1-GPU cases, and a case that needs more skips with
# "needs 4 GPUs, 1 present" (perfgate::cuda::require_gpus).  The suite runs
# on the GPUs it was given (CUDA_VISIBLE_DEVICES), and a run on more than one
# has its own baselines: the device slug ends in "-x<N>".
# Host suites run alone (RUN_SERIAL), since other tests would disturb them.
# Reports land in <build>/perfgate-results/, and the suite is listed in
# <build>/perfgate-suites.json for `perfgate baseline update`.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/PerfgateCudaCxx20.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/PerfgateResourceSpec.cmake")   # perfgate_use_one_gpu()

set(PERFGATE_RESULTS_DIR "${CMAKE_BINARY_DIR}/perfgate-results" CACHE PATH
    "Where perf.<suite> tests write results, comparison JSON, JUnit and Markdown")

function(perfgate_add_suite name)
  cmake_parse_arguments(ARG "GPU" "BASELINE_DIR;TIMEOUT;GPUS" "SOURCES;LIBRARIES;ARGS;SMOKE_ARGS" ${ARGN})
  if(NOT name MATCHES "^[A-Za-z0-9_.-]+$")
    message(FATAL_ERROR "perfgate_add_suite: suite name '${name}' must use only letters, digits, '_', '.' and '-'")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "perfgate_add_suite(${name}): SOURCES is required")
  endif()
  if(DEFINED ARG_GPUS AND NOT ARG_GPUS MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "perfgate_add_suite(${name}): GPUS '${ARG_GPUS}' is not a positive whole number")
  endif()
  if(DEFINED ARG_GPUS AND NOT ARG_GPU)
    message(FATAL_ERROR "perfgate_add_suite(${name}): GPUS needs GPU (a host suite uses no GPU)")
  endif()
  set(gpus 0)
  if(ARG_GPU)
    set(gpus 1)
    if(DEFINED ARG_GPUS)
      set(gpus ${ARG_GPUS})
    endif()
  endif()
  # GPU suites link the CUDA flavour of perfgate's main, host suites the host
  # flavour (no CUDA library needed to start them); never both in one binary.
  set(perfgate_main perfgate::main)
  if(ARG_GPU)
    if(NOT TARGET perfgate::main_cuda)
      message(STATUS "perfgate: GPU suite '${name}' not built (perfgate has no CUDA, or "
                     "find_package(perfgate) was not asked for its CUDA component)")
      return()
    endif()
    set(perfgate_main perfgate::main_cuda)
  endif()
  if(NOT ARG_BASELINE_DIR)
    set(ARG_BASELINE_DIR "${PROJECT_SOURCE_DIR}/baselines")
  endif()
  get_filename_component(baseline_dir "${ARG_BASELINE_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 1500)
  endif()
  if(ARG_GPU)
    # The suite's .cu files include perfgate's C++20 headers; make sure this
    # directory knows nvcc's C++20 flag, also when the caller enabled CUDA
    # after finding perfgate.
    perfgate_enable_cuda_cxx20()
    foreach(variable CMAKE_CUDA20_STANDARD_COMPILE_OPTION CMAKE_CUDA20_EXTENSION_COMPILE_OPTION CMAKE_CUDA_COMPILE_FEATURES)
      if(DEFINED ${variable})
        set(${variable} "${${variable}}" PARENT_SCOPE)
      endif()
    endforeach()
  endif()

  set(target perf_${name})
  # The run history (--perfgate_history) when perfgate has its History
  # component here; without it the suite needs neither libsqlite3 nor libpq.
  set(history FALSE)
  if(TARGET perfgate::main_history)
    set(history TRUE)
  endif()
  set(info_file "${CMAKE_CURRENT_BINARY_DIR}/perfgate_suite_${name}.cpp")
  _perfgate_write_suite_info("${info_file}" "${name}" "${gpus}" ${history} "${baseline_dir}")
  add_executable(${target} ${ARG_SOURCES} "${info_file}")
  target_link_libraries(${target} PRIVATE ${perfgate_main} ${ARG_LIBRARIES})
  if(history)
    target_link_libraries(${target} PRIVATE perfgate::main_history)
  endif()

  set(gate_labels perf)
  set(smoke_labels smoke)
  if(ARG_GPU)
    list(APPEND gate_labels gpu)
    list(APPEND smoke_labels gpu)
  endif()
  if(gpus GREATER 1)
    list(APPEND gate_labels multi-gpu)
    list(APPEND smoke_labels multi-gpu)
  endif()
  add_test(NAME perf.${name}
           COMMAND ${target} --perfgate_baseline_dir=${baseline_dir} --perfgate_out_dir=${PERFGATE_RESULTS_DIR}
                   ${ARG_ARGS})
  add_test(NAME perf-smoke.${name} COMMAND ${target} --perfgate_mode=smoke ${ARG_SMOKE_ARGS})
  set_tests_properties(perf.${name} PROPERTIES LABELS "${gate_labels}" SKIP_RETURN_CODE 77 TIMEOUT ${ARG_TIMEOUT})
  set_tests_properties(perf-smoke.${name} PROPERTIES LABELS "${smoke_labels}" SKIP_RETURN_CODE 77)
  if(ARG_GPU)
    perfgate_use_gpus(${gpus} perf.${name} perf-smoke.${name})   # whole GPUs (PerfgateResourceSpec.cmake)
  else()
    set_tests_properties(perf.${name} PROPERTIES RUN_SERIAL TRUE)
  endif()

  _perfgate_register_in_manifest("${name}" "${target}" "${gpus}" "${baseline_dir}" "${ARG_ARGS}")
endfunction()

# The definition of perfgate::this_suite (perfgate/runtime/suite_info.hpp);
# `gpus` is the GPUs its cases may use, 0 for a host suite (or a boolean: a
# GPU suite of one GPU, or a host suite, for perfgate's own test fixtures).
# With a true 4th argument the suite opens --perfgate_history through
# perfgate::main_history, which the caller links.
function(_perfgate_write_suite_info file name gpus)
  set(history_opener nullptr)
  if(ARGC GREATER 3 AND ARGV3)
    set(history_opener "&open_sql_run_history")
  endif()
  set(gpu_value false)
  set(gpus_value 1)
  if(gpus MATCHES "^[0-9]+$")
    if(gpus GREATER 0)
      set(gpu_value true)
      set(gpus_value ${gpus})
    endif()
  elseif(gpus)
    set(gpu_value true)
  endif()
  string(REPLACE "\\" "\\\\" source_dir "${PROJECT_SOURCE_DIR}")
  string(REPLACE "\"" "\\\"" source_dir "${source_dir}")
  set(baseline_dir "")
  if(ARGC GREATER 4)
    string(REPLACE "\\" "\\\\" baseline_dir "${ARGV4}")
    string(REPLACE "\"" "\\\"" baseline_dir "${baseline_dir}")
  endif()
  set(content "// Generated by perfgate_add_suite(${name}); do not edit.
#include \"perfgate/runtime/suite_info.hpp\"
namespace perfgate {
extern const SuiteInfo this_suite = {\"${name}\", ${gpu_value}, \"${source_dir}\", ${gpus_value}, ${history_opener}, \"${baseline_dir}\"};
}
")
  file(CONFIGURE OUTPUT "${file}" CONTENT "${content}" @ONLY)
endfunction()

function(_perfgate_json_string out text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  set(${out} "\"${text}\"" PARENT_SCOPE)
endfunction()

# `gpus` is 0 for a host suite; a GPU suite's entry says how many it may use.
function(_perfgate_register_in_manifest name target gpus baseline_dir args)
  set(gpu_json "false")
  set(gpus_json "")
  if(gpus GREATER 0)
    set(gpu_json "true")
    set(gpus_json ", \"gpus\": ${gpus}")
  endif()
  set(args_json "")
  foreach(arg IN LISTS args)
    _perfgate_json_string(quoted "${arg}")
    list(APPEND args_json "${quoted}")
  endforeach()
  list(JOIN args_json ", " args_json)
  _perfgate_json_string(name_json "${name}")
  _perfgate_json_string(dir_json "${baseline_dir}")
  set(entry "    {\"name\": ${name_json}, \"binary\": \"$<TARGET_FILE:${target}>\", \"gpu\": ${gpu_json}${gpus_json}, \"baseline_dir\": ${dir_json}, \"args\": [${args_json}]}")
  set_property(GLOBAL APPEND PROPERTY PERFGATE_MANIFEST_ENTRIES "${entry}")
  set_property(GLOBAL APPEND PROPERTY PERFGATE_SUITE_TARGETS ${target})
  get_property(scheduled GLOBAL PROPERTY PERFGATE_MANIFEST_SCHEDULED)
  if(NOT scheduled)
    set_property(GLOBAL PROPERTY PERFGATE_MANIFEST_SCHEDULED TRUE)
    # Written once, after every directory has added its suites.
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _perfgate_write_manifest)
  endif()
endfunction()

function(_perfgate_write_manifest)
  # perfgate_main_job: what the main job runs and nothing else (every suite
  # binary of the manifest and, where it is built here, the `perfgate`
  # program), so `perfgate run` builds in a third of the time of `all`,
  # which holds the tests too (docs/measurements.md).
  get_property(suite_targets GLOBAL PROPERTY PERFGATE_SUITE_TARGETS)
  if(NOT TARGET perfgate_main_job)
    add_custom_target(perfgate_main_job)
    add_dependencies(perfgate_main_job ${suite_targets})
    if(TARGET perfgate_cli)
      add_dependencies(perfgate_main_job perfgate_cli)
    endif()
  endif()
  get_property(entries GLOBAL PROPERTY PERFGATE_MANIFEST_ENTRIES)
  list(JOIN entries ",\n" body)
  file(GENERATE OUTPUT "${CMAKE_BINARY_DIR}/perfgate-suites.json" CONTENT
"{
  \"schema\": \"perfgate/suites\",
  \"schema_version\": 1,
  \"suites\": [
${body}
  ]
}
")
endfunction()
