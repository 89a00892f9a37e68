// Issue 40: the reference is configured as the candidate was, from its
// CMakeCache.txt (tools/src/reference/cmake_cache.cpp).
#include "reference/cmake_cache.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {
namespace {

const char* kCache = R"(# This is the CMakeCache file.
//Build type
CMAKE_BUILD_TYPE:STRING=Release
CMAKE_CXX_COMPILER:FILEPATH=/usr/bin/g++-12
CMAKE_CUDA_COMPILER:FILEPATH=/usr/local/cuda/bin/nvcc
CMAKE_CUDA_ARCHITECTURES:UNINITIALIZED=90
MYLIB_WITH_AVX512:BOOL=ON
PERFGATE_RESULTS_DIR:PATH=/src/build/perfgate-results
MYLIB_DATA:PATH=/src/data
"NAME:WITH COLON":STRING=x
CMAKE_GENERATOR:INTERNAL=Ninja
CMAKE_HOME_DIRECTORY:INTERNAL=/src
mylib_BINARY_DIR:STATIC=/src/build
)";

bool has(const std::vector<std::string>& args, const std::string& arg) {
  return std::find(args.begin(), args.end(), arg) != args.end();
}

TEST(CmakeCache, EntriesAreReadAndQuotedNamesKept) {
  const CmakeCache cache = parse_cmake_cache(kCache, "/src/build/CMakeCache.txt");
  EXPECT_EQ(cache.value("CMAKE_BUILD_TYPE"), "Release");
  EXPECT_EQ(cache.value("NAME:WITH COLON"), "x");
  EXPECT_EQ(cache.value("CMAKE_HOME_DIRECTORY"), "/src");
  EXPECT_FALSE(cache.value("NOT_THERE"));
  EXPECT_THROW(parse_cmake_cache("A:BOOL=ON\n", "x/CMakeCache.txt"), InputError) << "no CMAKE_HOME_DIRECTORY: not a cache";
}

TEST(CmakeCache, TheReferenceIsConfiguredAsTheCandidateWas) {
  const CmakeCache cache = parse_cmake_cache(kCache, "/src/build/CMakeCache.txt");
  const ConfigureFolders folders{"/src", "/src/build", "/src/build/perfgate-reference/1", "/src/build/perfgate-reference/1/build"};
  const std::vector<std::string> args = reference_configure_arguments(cache, folders, "/usr/bin/ccache");
  EXPECT_EQ(std::vector<std::string>(args.begin(), args.begin() + 6),
            (std::vector<std::string>{"-S", "/src/build/perfgate-reference/1", "-B", "/src/build/perfgate-reference/1/build", "-G",
                                      "Ninja"}));
  EXPECT_TRUE(has(args, "-DCMAKE_BUILD_TYPE:STRING=Release"));
  EXPECT_TRUE(has(args, "-DCMAKE_CXX_COMPILER:FILEPATH=/usr/bin/g++-12"));
  EXPECT_TRUE(has(args, "-DCMAKE_CUDA_ARCHITECTURES:UNINITIALIZED=90"));
  EXPECT_TRUE(has(args, "-DMYLIB_WITH_AVX512:BOOL=ON")) << "the project's own options";
  // Paths of the candidate's folders are the reference's.
  EXPECT_TRUE(has(args, "-DPERFGATE_RESULTS_DIR:PATH=/src/build/perfgate-reference/1/build/perfgate-results"));
  EXPECT_TRUE(has(args, "-DMYLIB_DATA:PATH=/src/build/perfgate-reference/1/data"));
  // CMake's own bookkeeping is not passed; ccache for each compiled language.
  EXPECT_FALSE(has(args, "-DCMAKE_HOME_DIRECTORY:INTERNAL=/src"));
  EXPECT_FALSE(has(args, "-Dmylib_BINARY_DIR:STATIC=/src/build"));
  EXPECT_TRUE(has(args, "-DCMAKE_CXX_COMPILER_LAUNCHER:STRING=/usr/bin/ccache"));
  EXPECT_TRUE(has(args, "-DCMAKE_CUDA_COMPILER_LAUNCHER:STRING=/usr/bin/ccache"));
  EXPECT_FALSE(has(args, "-DCMAKE_C_COMPILER_LAUNCHER:STRING=/usr/bin/ccache")) << "C was not compiled";
}

TEST(CmakeCache, ALauncherTheCandidateHadIsKept) {
  const CmakeCache cache =
      parse_cmake_cache(std::string(kCache) + "CMAKE_CXX_COMPILER_LAUNCHER:STRING=sccache\n", "/src/build/CMakeCache.txt");
  const auto args = reference_configure_arguments(cache, {"/src", "/src/build", "/r", "/r/build"}, "/usr/bin/ccache");
  EXPECT_TRUE(has(args, "-DCMAKE_CXX_COMPILER_LAUNCHER:STRING=sccache"));
  EXPECT_FALSE(has(args, "-DCMAKE_CXX_COMPILER_LAUNCHER:STRING=/usr/bin/ccache"));
}

}  // namespace
}  // namespace perfgate::cli
