# Install rules: the perfgate package that other projects use with
#
#   find_package(perfgate 0.1 REQUIRED)
#   perfgate_add_suite(my_suite SOURCES my_cases.cpp)
#
# The installed tree (relocatable; every path below is relative to the prefix):
#   include/perfgate/...                   public headers of every stage
#   lib/libperfgate_<stage>.a              perfgate::stats, platform, model, formats, gate,
#                                          reports, runtime, main, ... (host
#                                          code: no CUDA library needed)
#   lib/libperfgate_<stage>.a              with CUDA: perfgate::runtime_cuda,
#                                          main_cuda, calibrate (the CUDA
#                                          component)
#   lib/libperfgate_<stage>.a              perfgate::sql, history, dashboard,
#                                          main_history (the History
#                                          component: SQLite and libpq)
#   bin/perfgate                           perfgate::cli (when built; host code)
#   bin/perfgate-device-cuda               with CUDA: the GPU part of
#                                          `perfgate device`, which runs it
#   lib/cmake/perfgate/                    perfgateConfig.cmake, its version
#                                          file, perfgateTargets*.cmake,
#                                          perfgateCudaTargets*.cmake (with
#                                          CUDA), perfgateHistoryTargets*.cmake
#                                          and PerfgateAddSuite.cmake
# Included last from the top-level CMakeLists.txt, after every target exists.
include_guard(GLOBAL)

include(CMakePackageConfigHelpers)

set(PERFGATE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/perfgate" CACHE STRING
    "Where perfgate's CMake package files are installed, relative to the prefix")
mark_as_advanced(PERFGATE_INSTALL_CMAKEDIR)

get_property(_perfgate_libraries GLOBAL PROPERTY PERFGATE_EXPORTED_TARGETS)
get_property(_perfgate_cuda_libraries GLOBAL PROPERTY PERFGATE_CUDA_EXPORTED_TARGETS)
get_property(_perfgate_history_libraries GLOBAL PROPERTY PERFGATE_HISTORY_EXPORTED_TARGETS)
get_property(_perfgate_header_dirs GLOBAL PROPERTY PERFGATE_HEADER_DIRS)
list(REMOVE_DUPLICATES _perfgate_header_dirs)

set(_perfgate_install_targets ${_perfgate_libraries})
if(TARGET perfgate_cli)
  # Relocatable: the programs find the prefix's libraries next to themselves,
  # wherever the tree is copied ($ORIGIN/../lib with the default layout).
  # Shared libraries they link from outside the system's paths (CUDA's
  # libcudart, for perfgate-device-cuda) keep the folder they were linked from.
  file(RELATIVE_PATH _perfgate_bin_to_lib "${CMAKE_INSTALL_FULL_BINDIR}" "${CMAKE_INSTALL_FULL_LIBDIR}")
  set_target_properties(perfgate_cli PROPERTIES
    INSTALL_RPATH "$ORIGIN/${_perfgate_bin_to_lib}"
    INSTALL_RPATH_USE_LINK_PATH ON)
  list(APPEND _perfgate_install_targets perfgate_cli)
  if(TARGET perfgate_device_cuda)
    # Beside bin/perfgate, which looks for it there; no consumer links it.
    set_target_properties(perfgate_device_cuda PROPERTIES
      INSTALL_RPATH "$ORIGIN/${_perfgate_bin_to_lib}"
      INSTALL_RPATH_USE_LINK_PATH ON)
    install(TARGETS perfgate_device_cuda RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
  endif()
endif()

install(TARGETS ${_perfgate_install_targets}
  EXPORT perfgateTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")

# Public headers: the perfgate/ tree of every stage.  The CUDA ones only when
# perfgate was built with CUDA (they need cuda_runtime_api.h, and nothing
# else includes them then).
foreach(_perfgate_dir IN LISTS _perfgate_header_dirs)
  set(_perfgate_exclude)
  if(NOT PERFGATE_HAS_CUDA)
    set(_perfgate_exclude REGEX "/perfgate/(cuda|calibrate)(/|$)" EXCLUDE)
  endif()
  install(DIRECTORY "${_perfgate_dir}/perfgate"
    DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
    FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h"
    ${_perfgate_exclude})
endforeach()

install(EXPORT perfgateTargets
  NAMESPACE perfgate::
  FILE perfgateTargets.cmake
  DESTINATION "${PERFGATE_INSTALL_CMAKEDIR}")

# The CUDA component: a file of its own, which perfgateConfig.cmake loads
# only for find_package(perfgate COMPONENTS CUDA) (its targets link
# CUDA::cudart, so loading it needs the CUDA toolkit).
if(_perfgate_cuda_libraries)
  install(TARGETS ${_perfgate_cuda_libraries}
    EXPORT perfgateCudaTargets
    ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
    LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}")
  install(EXPORT perfgateCudaTargets
    NAMESPACE perfgate::
    FILE perfgateCudaTargets.cmake
    DESTINATION "${PERFGATE_INSTALL_CMAKEDIR}")
endif()

# The History component: the run history on SQLite and PostgreSQL
# (perfgate::sql, perfgate::history, perfgate::dashboard and the suites'
# perfgate::main_history), a file of its own that perfgateConfig.cmake loads
# when libsqlite3 and libpq are found (and must, for COMPONENTS History): a
# host-only consumer needs neither.
if(_perfgate_history_libraries)
  install(TARGETS ${_perfgate_history_libraries}
    EXPORT perfgateHistoryTargets
    ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
    LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}")
  install(EXPORT perfgateHistoryTargets
    NAMESPACE perfgate::
    FILE perfgateHistoryTargets.cmake
    DESTINATION "${PERFGATE_INSTALL_CMAKEDIR}")
endif()

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/perfgateConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/perfgateConfig.cmake"
  INSTALL_DESTINATION "${PERFGATE_INSTALL_CMAKEDIR}")
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/perfgateConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMajorVersion)

# PerfgateAddSuite.cmake needs only PerfgateCudaCxx20.cmake and
# PerfgateResourceSpec.cmake beside it.
install(FILES
    "${PROJECT_BINARY_DIR}/perfgateConfig.cmake"
    "${PROJECT_BINARY_DIR}/perfgateConfigVersion.cmake"
    "${CMAKE_CURRENT_LIST_DIR}/PerfgateAddSuite.cmake"
    "${CMAKE_CURRENT_LIST_DIR}/PerfgateCudaCxx20.cmake"
    "${CMAKE_CURRENT_LIST_DIR}/PerfgateResourceSpec.cmake"
  DESTINATION "${PERFGATE_INSTALL_CMAKEDIR}")

unset(_perfgate_libraries)
unset(_perfgate_cuda_libraries)
unset(_perfgate_history_libraries)
unset(_perfgate_header_dirs)
unset(_perfgate_install_targets)
unset(_perfgate_bin_to_lib)
unset(_perfgate_dir)
unset(_perfgate_exclude)
