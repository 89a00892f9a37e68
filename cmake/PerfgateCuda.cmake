# PERFGATE_CUDA=AUTO|ON|OFF decides whether the CUDA parts are built.
# AUTO builds them when nvcc is found, so a CPU-only machine still builds the
# gate, the CLI and the host suites; ON makes a missing nvcc a configure error.
# Added with add_subdirectory(), AUTO builds them only when the including
# project enabled CUDA itself: a CPU-only project must not compile (and
# wait for) perfgate's kernels because the machine happens to have nvcc.
set(PERFGATE_CUDA AUTO CACHE STRING
    "Build the CUDA parts: AUTO (when nvcc is found; as a subproject, when the including project enabled CUDA), ON or OFF")
set_property(CACHE PERFGATE_CUDA PROPERTY STRINGS AUTO ON OFF)

set(PERFGATE_HAS_CUDA OFF)
set(PERFGATE_HAS_NCCL OFF)   # NCCL, found with the CUDA parts only
set(_perfgate_cuda_wanted ON)
if(PERFGATE_CUDA STREQUAL "OFF")
  set(_perfgate_cuda_wanted OFF)
elseif(PERFGATE_CUDA STREQUAL "AUTO" AND NOT PROJECT_IS_TOP_LEVEL)
  get_property(_perfgate_parent_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "CUDA" IN_LIST _perfgate_parent_languages)
    set(_perfgate_cuda_wanted OFF)
    message(STATUS "perfgate: CUDA parts not built: the project that added perfgate has not enabled CUDA "
                   "(enable_language(CUDA) before add_subdirectory, or -DPERFGATE_CUDA=ON, builds them)")
  endif()
endif()
if(_perfgate_cuda_wanted)
  if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX})
    # A toolkit installed in the standard place need not be on PATH.
    find_program(PERFGATE_NVCC nvcc
      HINTS ENV CUDA_PATH ENV CUDA_HOME /usr/local/cuda /usr/local/cuda-13.0
      PATH_SUFFIXES bin)
    if(PERFGATE_NVCC)
      set(CMAKE_CUDA_COMPILER "${PERFGATE_NVCC}")
    endif()
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)   # Hopper (H100/H200) unless told otherwise
    endif()
    enable_language(CUDA)
    include(PerfgateCudaCxx20)
    perfgate_enable_cuda_cxx20()
    find_package(CUDAToolkit 12.0 REQUIRED)
    set(PERFGATE_HAS_CUDA ON)
    # NCCL for the multi-GPU suites (collectives, scaling): nccl.h and
    # libnccl come with the CUDA 13 installation (NVIDIA's nvidia-nccl-cu13
    # wheel) or libnccl-dev; cmake/FindNCCL.cmake.  Without it those suites
    # are not built.
    find_package(NCCL QUIET)
    set(PERFGATE_HAS_NCCL ${NCCL_FOUND})
    if(NCCL_FOUND)
      message(STATUS "perfgate: NCCL ${NCCL_VERSION} (${NCCL_LIBRARY})")
    else()
      message(STATUS "perfgate: NCCL not found (no nccl.h and libnccl beside the CUDA toolkit, in NCCL_ROOT "
                     "or the system): the multi-GPU suites (collectives, scaling) are not built")
    endif()
  elseif(PERFGATE_CUDA STREQUAL "ON")
    message(FATAL_ERROR "PERFGATE_CUDA=ON but no CUDA compiler (nvcc) was found; "
                        "set CUDACXX or CMAKE_CUDA_COMPILER, or use PERFGATE_CUDA=AUTO|OFF")
  endif()
endif()
message(STATUS "perfgate: CUDA parts ${PERFGATE_HAS_CUDA} (PERFGATE_CUDA=${PERFGATE_CUDA}, architectures ${CMAKE_CUDA_ARCHITECTURES})")
