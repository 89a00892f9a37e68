# perfgate_enable_cuda_cxx20(): lets targets that require C++20 (perfgate's
# libraries do) have .cu sources.  CMake 3.25 predates nvcc's -std=c++20
# (nvcc 12.0) and refuses such targets ("requires the language dialect
# CUDA20"); this macro supplies the flag when CMake does not know it.  Call it
# after enable_language(CUDA); perfgate_add_suite(... GPU) calls it for you.
include_guard(GLOBAL)

macro(perfgate_enable_cuda_cxx20)
  if(CMAKE_CUDA_COMPILER_LOADED AND NOT DEFINED CMAKE_CUDA20_STANDARD_COMPILE_OPTION
     AND CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA" AND CMAKE_CUDA_COMPILER_VERSION VERSION_GREATER_EQUAL 12.0)
    set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
    set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    list(APPEND CMAKE_CUDA_COMPILE_FEATURES cuda_std_20)
  endif()
endmacro()
