# perfgate_target_warnings(<target>): the warning set every perfgate target uses.
function(perfgate_target_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow>
    $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall>)
endfunction()

# perfgate_stable_code_layout(<target>): for code that suites measure (the
# kernels, and perfgate itself in the harness suite).  Where the linker
# places a hot loop must not decide its speed: one build of the unchanged
# blocked CPU GEMM ran 49% slower than another because its inner loop sat at
# another offset from a 64-byte boundary (docs/measurements.md).  Functions
# aligned to 64 bytes keep every loop at the same offset, whatever else the
# binary holds.
function(perfgate_stable_code_layout target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-falign-functions=64>)
  endif()
endfunction()
