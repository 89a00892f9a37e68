# Runs a GPU suite binary.  Without a usable device it must exit 77 (every
# case skipped, ctest's SKIP_RETURN_CODE) and still write a JUnit report with
# the skip reason; with one, a record run must exit 0.
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND "${SUITE}" --perfgate_mode=record --perfgate_results=${OUT}/r.json --benchmark_repetitions=2
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(code EQUAL 0)
  message(STATUS "a CUDA device is present: the suite measured")
  return()
endif()
if(NOT code EQUAL 77)
  message(FATAL_ERROR "record run exited ${code}, expected 77 without a device\n${out}\n${err}")
endif()
execute_process(COMMAND "${SUITE}" --perfgate_baseline_dir=${OUT}/none --perfgate_out_dir=${OUT}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 77)
  message(FATAL_ERROR "gate run exited ${code}, expected 77 without a device\n${out}\n${err}")
endif()
file(READ "${OUT}/gpu_selftest.junit.xml" junit)
if(NOT junit MATCHES "<skipped message=\"no CUDA device: ")
  message(FATAL_ERROR "JUnit lacks the skip reason:\n${junit}")
endif()
message(STATUS "skipped cleanly: ${junit}")
