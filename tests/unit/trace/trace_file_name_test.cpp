#include "trace/trace_file_name.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <set>
#include <string>

namespace perfgate::trace {
namespace {

constexpr const char* kSuffix = ".trace.json";

bool only_safe_characters(const std::string& name) {
  for (const char c : name) {
    const bool safe = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '-';
    if (!safe) return false;
  }
  return true;
}

// The part before "-<8 hex digits>.trace.json".
std::string stem(const std::string& file_name) { return file_name.substr(0, file_name.size() - 20); }

TEST(TraceFileName, KeepsAPlainNameAndAddsItsHash) {
  // FNV-1a 32 of "BM_Copy" computed independently below.
  std::uint32_t hash = 2166136261u;
  for (const char c : std::string("BM_Copy")) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(hash));
  EXPECT_EQ(trace_file_name("BM_Copy"), std::string("BM_Copy-") + hex + kSuffix);
  EXPECT_EQ(trace_file_name(""), std::string("case-811c9dc5") + kSuffix);  // FNV-1a's offset basis
  EXPECT_EQ(trace_file_name("a"), std::string("a-e40c292c") + kSuffix);
}

TEST(TraceFileName, OnlySafeCharacters) {
  for (const std::string name : {"BM_Gemm/1024/real_time", "a b\tc\n", "x:y*z?\"<>|\\", "caf\xc3\xa9/\xff",
                                 "BM_Copy<float, 4>/threads:8", "$(rm -rf ~)"}) {
    const std::string file = trace_file_name(name);
    EXPECT_TRUE(only_safe_characters(file)) << file;
    EXPECT_TRUE(file.ends_with(kSuffix)) << file;
  }
  EXPECT_EQ(stem(trace_file_name("BM_Gemm/1024/real_time")), "BM_Gemm_1024_real_time");
}

TEST(TraceFileName, NoDotDotAndNoHiddenFile) {
  for (const std::string name : {"..", "../../etc/passwd", ".hidden", "a...b", "....", "x/./y"}) {
    const std::string file = trace_file_name(name);
    EXPECT_EQ(file.find(".."), std::string::npos) << file;
    EXPECT_NE(file.front(), '.') << file;
    EXPECT_TRUE(only_safe_characters(file)) << file;
  }
}

TEST(TraceFileName, NamesThatSanitizeAlikeStillDiffer) {
  std::set<std::string> files;
  for (const std::string name : {"a/b", "a_b", "a b", "a:b", "a.b", "a..b", "a._b"}) files.insert(trace_file_name(name));
  EXPECT_EQ(files.size(), 7u);
  EXPECT_EQ(stem(trace_file_name("a/b")), stem(trace_file_name("a_b")));
}

TEST(TraceFileName, LengthIsBoundedAndLongNamesStillDiffer) {
  const std::string long_name(1000, 'x');
  const std::string file = trace_file_name(long_name);
  EXPECT_LE(file.size(), 120u + 1 + 8 + std::string(kSuffix).size());
  EXPECT_EQ(stem(file), std::string(120, 'x'));
  EXPECT_NE(trace_file_name(long_name + "1"), trace_file_name(long_name + "2"));
}

// The same name gives the same file on every machine and in every version:
// a golden value (the hash is FNV-1a over the name), not the value compared
// with itself.
TEST(TraceFileName, IsStable) { EXPECT_EQ(trace_file_name("BM_X/8"), "BM_X_8-8f6e28a0.trace.json"); }

TEST(TraceFilePath, AGpuConfigurationGetsAFolderPerGpuCount) {
  for (const std::string name : {"scaling/strong/gpus:1", "scaling/strong/gpus:8",
                                 "collectives/all_reduce/out_of_place/gpus:4/bytes:1073741824"}) {
    const std::string path = trace_file_path(name);
    const std::string gpus = name.substr(name.find("gpus:") + 5, 1);
    EXPECT_EQ(path, "gpus-" + gpus + "/" + trace_file_name(name)) << path;
  }
  // The seed's <N>gpu/lcam_trace, tad_trace: both gradient methods of one GPU
  // count in that count's folder, a file each.
  const std::string adjoint = trace_file_path("supergrad/adjoint/gpus:4"), tape = trace_file_path("supergrad/tape/gpus:4");
  EXPECT_EQ(adjoint.substr(0, 7), "gpus-4/");
  EXPECT_EQ(tape.substr(0, 7), "gpus-4/");
  EXPECT_NE(adjoint, tape);
  // One file per configuration: the 1-, 2-, 4- and 8-GPU cases never share one.
  std::set<std::string> paths;
  for (const int n : {1, 2, 4, 8}) paths.insert(trace_file_path("scaling/weak/gpus:" + std::to_string(n)));
  EXPECT_EQ(paths.size(), 4u);
}

TEST(TraceFilePath, OtherCasesStayInTheFolderAndOddGpuSegmentsAreNoConfiguration) {
  for (const std::string name : {"gemm/fp32/4096", "BM_X/gpus", "a/gpus:/b", "a/gpus:x2", "a/gpus:12345", "a/mygpus:2",
                                 "../gpus:2x"})
    EXPECT_EQ(trace_file_path(name), trace_file_name(name)) << name;
}

}  // namespace
}  // namespace perfgate::trace
