# One fake GPU test: runs the probe (the suite binary's allocation code),
# holds "its GPU" for 2 s and writes what it saw, with its start and end in
# microseconds, to RECORD as lines key=value.
string(TIMESTAMP start "%s%f")
execute_process(COMMAND "${PROBE}" RESULT_VARIABLE status OUTPUT_VARIABLE probe_output ERROR_VARIABLE probe_output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gpu probe: exit ${status}: ${probe_output}")
endif()
string(STRIP "${probe_output}" probe_output)
execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 2)
string(TIMESTAMP end "%s%f")
set(allocated "(none)")
if(DEFINED ENV{CTEST_RESOURCE_GROUP_0_GPUS})
  set(allocated "$ENV{CTEST_RESOURCE_GROUP_0_GPUS}")
endif()
file(WRITE "${RECORD}" "start=${start}\nend=${end}\nallocated=${allocated}\nprobe=${probe_output}\n")
