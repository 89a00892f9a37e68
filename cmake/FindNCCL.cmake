# FindNCCL: NVIDIA's collective communication library (nccl.h, libnccl).
#
# Looked for in NCCL_ROOT / NCCL_HOME, then beside the CUDA toolkit (CUDA 13
# installations built from NVIDIA's wheels, such as nvidia-nccl-cu13, put
# nccl.h in <toolkit>/include and libnccl.so in <toolkit>/lib), then in the
# system's places (Debian/Ubuntu's libnccl-dev).
#
# Defines NCCL_FOUND, NCCL_VERSION (from nccl.h), NCCL_INCLUDE_DIR,
# NCCL_LIBRARY and the imported target NCCL::nccl.
set(_perfgate_nccl_roots $ENV{NCCL_ROOT} $ENV{NCCL_HOME} ${NCCL_ROOT})
find_path(NCCL_INCLUDE_DIR nccl.h HINTS ${_perfgate_nccl_roots} ${CUDAToolkit_INCLUDE_DIRS} PATH_SUFFIXES include)
find_library(NCCL_LIBRARY nccl HINTS ${_perfgate_nccl_roots} ${CUDAToolkit_LIBRARY_DIR} ${CUDAToolkit_LIBRARY_ROOT}
             PATH_SUFFIXES lib lib64)
mark_as_advanced(NCCL_INCLUDE_DIR NCCL_LIBRARY)

if(NCCL_INCLUDE_DIR AND EXISTS "${NCCL_INCLUDE_DIR}/nccl.h")
  file(STRINGS "${NCCL_INCLUDE_DIR}/nccl.h" _perfgate_nccl_version_lines REGEX "^#define NCCL_(MAJOR|MINOR|PATCH) ")
  foreach(part MAJOR MINOR PATCH)
    string(REGEX REPLACE ".*#define NCCL_${part} ([0-9]+).*" "\\1" NCCL_${part} "${_perfgate_nccl_version_lines}")
  endforeach()
  set(NCCL_VERSION "${NCCL_MAJOR}.${NCCL_MINOR}.${NCCL_PATCH}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(NCCL REQUIRED_VARS NCCL_LIBRARY NCCL_INCLUDE_DIR VERSION_VAR NCCL_VERSION)

if(NCCL_FOUND AND NOT TARGET NCCL::nccl)
  add_library(NCCL::nccl UNKNOWN IMPORTED)
  set_target_properties(NCCL::nccl PROPERTIES
    IMPORTED_LOCATION "${NCCL_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${NCCL_INCLUDE_DIR}")
endif()
unset(_perfgate_nccl_roots)
unset(_perfgate_nccl_version_lines)
