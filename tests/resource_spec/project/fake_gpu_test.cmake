# One fake GPU test: runs the probe (the suite binary's allocation code),
# holds "its GPUs" for 2 s and writes what it saw, with its start and end in
# microseconds, to RECORD as lines key=value.
string(TIMESTAMP start "%s%f")
execute_process(COMMAND "${PROBE}" RESULT_VARIABLE status OUTPUT_VARIABLE probe_output ERROR_VARIABLE probe_output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gpu probe: exit ${status}: ${probe_output}")
endif()
string(STRIP "${probe_output}" probe_output)
execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 2)
string(TIMESTAMP end "%s%f")
# Every group's GPU, in group order, joined with '|'.
set(allocated "(none)")
if(DEFINED ENV{CTEST_RESOURCE_GROUP_COUNT})
  set(groups)
  math(EXPR last "$ENV{CTEST_RESOURCE_GROUP_COUNT} - 1")
  foreach(group RANGE ${last})
    list(APPEND groups "$ENV{CTEST_RESOURCE_GROUP_${group}_GPUS}")
  endforeach()
  list(JOIN groups "|" allocated)
endif()
file(WRITE "${RECORD}" "start=${start}\nend=${end}\nallocated=${allocated}\nprobe=${probe_output}\n")
