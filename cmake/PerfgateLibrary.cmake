# perfgate_library(<stage> SOURCES ... [DEPENDS ...] [PRIVATE_DEPENDS ...]
#                  [FLAVOUR host|cuda] [CUDA | HISTORY]): one static library per
# pipeline stage, perfgate::<stage>, with headers under <dir>/include.
#
# FLAVOUR marks a library built twice, once without and once with CUDA
# (perfgate::runtime / perfgate::runtime_cuda, perfgate::main /
# perfgate::main_cuda): the flavours define the same symbols from the same
# sources with PERFGATE_HAS_CUDA 0 or 1, so one binary must link only one of
# them.  CMake enforces that: PERFGATE_FLAVOUR is a compatible interface
# string, and linking both flavours is a generate-time error.
# CUDA puts the library in the CUDA component's export set
# (perfgateCudaTargets.cmake), which CPU-only consumers never load; HISTORY
# in the History component's (perfgateHistoryTargets.cmake: the run history
# on SQLite and PostgreSQL), which consumers without libsqlite3-dev and
# libpq-dev never load.
function(perfgate_library stage)
  cmake_parse_arguments(ARG "CUDA;HISTORY" "FLAVOUR" "SOURCES;DEPENDS;PRIVATE_DEPENDS" ${ARGN})
  set(target perfgate_${stage})
  add_library(${target} STATIC ${ARG_SOURCES})
  add_library(perfgate::${stage} ALIAS ${target})
  set_target_properties(${target} PROPERTIES
    EXPORT_NAME ${stage}
    POSITION_INDEPENDENT_CODE ON)
  target_compile_features(${target} PUBLIC cxx_std_20)
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(${target} PUBLIC ${ARG_DEPENDS} PRIVATE ${ARG_PRIVATE_DEPENDS})
  if(ARG_FLAVOUR)
    _perfgate_set_flavour(${target} ${ARG_FLAVOUR})
  endif()
  perfgate_target_warnings(${target})
  perfgate_stable_code_layout(${target})
  if(ARG_CUDA)
    set_property(GLOBAL APPEND PROPERTY PERFGATE_CUDA_EXPORTED_TARGETS ${target})
  elseif(ARG_HISTORY)
    set_property(GLOBAL APPEND PROPERTY PERFGATE_HISTORY_EXPORTED_TARGETS ${target})
  else()
    set_property(GLOBAL APPEND PROPERTY PERFGATE_EXPORTED_TARGETS ${target})
  endif()
  set_property(GLOBAL APPEND PROPERTY PERFGATE_HEADER_DIRS ${CMAKE_CURRENT_SOURCE_DIR}/include)
endfunction()

function(_perfgate_set_flavour target flavour)
  if(NOT flavour MATCHES "^(host|cuda)$")
    message(FATAL_ERROR "perfgate_library(${target}): FLAVOUR '${flavour}' is not host or cuda")
  endif()
  set(has_cuda 0)
  if(flavour STREQUAL "cuda")
    set(has_cuda 1)
  endif()
  # Public: perfgate/perfgate.hpp includes the CUDA headers only when it is 1.
  target_compile_definitions(${target} PUBLIC PERFGATE_HAS_CUDA=${has_cuda})
  set_property(TARGET ${target} PROPERTY INTERFACE_PERFGATE_FLAVOUR ${flavour})
  set_property(TARGET ${target} APPEND PROPERTY COMPATIBLE_INTERFACE_STRING PERFGATE_FLAVOUR)
endfunction()
