#include "perfgate/formats/nvbench_import.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using testing::TempDir;

std::string fixture(const std::string& name) { return std::string(PERFGATE_TEST_FIXTURES) + "/nvbench/" + name; }

// The InputError message of loading `file`, or "" when it loads.
std::string load_error(const fs::path& file) {
  try {
    load_results(file);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

void expect_one_line_naming(const std::string& message, const fs::path& file, const std::string& problem) {
  EXPECT_EQ(message.rfind(file.string() + ": ", 0), 0u) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_NE(message.find(problem), std::string::npos) << message;
}

void write_bytes(const fs::path& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary) << bytes;
}

std::string read_bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

Json fixture_json(const std::string& name) { return Json::parse(read_bytes(fixture(name))); }

// jsonbin.json copied into `dir`, with its sample folder when `with_samples`.
fs::path copy_jsonbin(const TempDir& dir, bool with_samples) {
  const fs::path json = dir / "run.json";
  fs::copy_file(fixture("jsonbin.json"), json);
  if (with_samples) fs::copy(fixture("jsonbin.json-bin"), dir / "run.json-bin");
  return json;
}

fs::path write_json(const TempDir& dir, const Json& doc, const std::string& name = "bad.json") {
  const fs::path file = dir / name;
  std::ofstream(file) << doc.dump(1);
  return file;
}

TEST(NvbenchImport, RecognizesOnlyNvbenchDocuments) {
  EXPECT_TRUE(is_nvbench_json(fixture_json("jsonbin.json")));
  EXPECT_FALSE(is_nvbench_json(Json::parse(R"({"context": {}, "benchmarks": [], "devices": []})")));
  EXPECT_FALSE(is_nvbench_json(Json::parse(R"({"schema": "perfgate/results", "benchmarks": [], "devices": []})")));
  EXPECT_FALSE(is_nvbench_json(Json::array()));
}

TEST(NvbenchImport, OneDeviceStatesAreNamedWithoutTheDevice) {
  const Results r = load_results(fixture("spark-rapids-jni__seq_before.json"));
  EXPECT_EQ(r.suite, "STRING_TO_FLOAT_BENCH") << "the program (meta.argv[0]), not the file";
  EXPECT_EQ(r.created_utc, "") << "NVBench JSON carries no date";
  ASSERT_EQ(r.benchmarks.size(), 1u);
  const BenchmarkResult& b = r.benchmarks[0];
  EXPECT_EQ(b.name, "sequences/num_rows=104857600");
  EXPECT_TRUE(b.samples.empty());
  ASSERT_TRUE(b.summary);
  EXPECT_EQ(b.summary->count, 103u);
  EXPECT_DOUBLE_EQ(b.summary->mean, 0.14589574262007926);  // nv/cold/time/gpu/mean, not the CPU time
  EXPECT_NEAR(b.summary->stdev, 0.049186920273154904 * 0.14589574262007926, 1e-15);  // relative noise * mean
  EXPECT_FALSE(b.summary->min) << "NVBench 0.1.0 wrote no min or max";
  EXPECT_EQ(b.iterations, 1);
}

TEST(NvbenchImport, DeviceSectionBecomesTheFingerprint) {
  const Results r = load_results(fixture("spark-rapids-jni__fused_before.json"));
  const Fingerprint& f = r.fingerprint;
  EXPECT_EQ(f.kind, DeviceKind::gpu);
  EXPECT_EQ(f.name, "Quadro RTX 8000");
  EXPECT_EQ(f.slug, "quadro-rtx-8000");
  EXPECT_EQ(f.compute_capability, "7.5");  // sm_version 750
  EXPECT_EQ(f.sm_count, 72);
  EXPECT_EQ(f.memory_bytes, 50953846784u);
  EXPECT_EQ(f.l2_bytes, 6291456u);
  EXPECT_EQ(f.memory_bus_bits, 384);
  EXPECT_EQ(f.max_sm_clock_mhz, 1770);
  EXPECT_EQ(f.max_memory_clock_mhz, 7001);
  EXPECT_FALSE(f.ecc);
  EXPECT_EQ(r.source.command, "./target/jni/cmake-build/benchmarks/TEST_PROJECTS_BASELINE --json before.json");
  ASSERT_EQ(r.benchmarks.size(), 1u);
  EXPECT_EQ(r.benchmarks[0].name, "projects_baseline/num_rows=1048576 num_cols=400");
  EXPECT_EQ(load_results(fixture("spark-rapids-jni__fused_after.json")).benchmarks[0].name,
            "projects_fused/num_rows=1048576 num_cols=400")
      << "NVBench's own names, so renamed benchmarks are NEW and REMOVED";
}

TEST(NvbenchImport, SeveralDevicesKeepTheDeviceInNamesAndFingerprint) {
  const Results r = load_results(fixture("nvbench__test_ref_trimmed.json"));
  EXPECT_EQ(r.fingerprint.name, "Quadro GV100 + Quadro GP100");
  EXPECT_EQ(r.fingerprint.slug, "quadro-gv100-quadro-gp100");
  EXPECT_EQ(r.fingerprint.compute_capability, "7.0 + 6.0");
  EXPECT_EQ(r.fingerprint.sm_count, 80) << "the numbers are the first device's";
  ASSERT_EQ(r.benchmarks.size(), 8u);
  EXPECT_EQ(r.benchmarks[0].name, "simple/Device=0");
  EXPECT_EQ(r.benchmarks[1].name, "simple/Device=1");
  const BenchmarkResult* gp100 = r.find("copy_type_conversion_sweep/Device=1 In=I8 Out=I16");
  ASSERT_NE(gp100, nullptr);
  ASSERT_TRUE(gp100->summary);
  EXPECT_GT(gp100->summary->count, 0u);
  EXPECT_TRUE(gp100->counters.count("GB/s"));
  EXPECT_TRUE(gp100->counters.count("Elem/s"));
}

TEST(NvbenchImport, SkippedStatesKeepNvbenchsReason) {
  const Results r = load_results(fixture("nvbench__test_ref_trimmed.json"));
  const BenchmarkResult* same = r.find("copy_type_conversion_sweep/Device=0 In=I8 Out=I8");
  ASSERT_NE(same, nullptr);
  ASSERT_TRUE(same->skipped);
  EXPECT_EQ(*same->skipped, "Not a conversion: InputType == OutputType.");
  EXPECT_FALSE(same->summary);
  EXPECT_TRUE(same->samples.empty());
}

TEST(NvbenchImport, SampleFilesNextToTheJsonGiveTheSamples) {
  const Results r = load_results(fixture("jsonbin.json"));
  EXPECT_EQ(r.fingerprint.slug, "nvidia-a100-sxm4-40gb");
  EXPECT_EQ(r.fingerprint.compute_capability, "8.0");
  EXPECT_TRUE(r.fingerprint.ecc);
  ASSERT_EQ(r.benchmarks.size(), 3u);
  const BenchmarkResult& f32 = r.benchmarks[0];
  EXPECT_EQ(f32.name, "reduce/T=F32 Elements=2^20");
  EXPECT_FALSE(f32.summary) << "samples make a summary unnecessary";
  const std::vector<double> ms = {1.0, 1.1, 0.9, 1.05, 0.95};
  ASSERT_EQ(f32.samples.size(), ms.size());
  for (std::size_t i = 0; i < ms.size(); ++i) {
    EXPECT_EQ(f32.samples[i], static_cast<double>(static_cast<float>(ms[i] * 1e-3))) << "float32 seconds, exactly";
    EXPECT_EQ(r.benchmarks[1].samples[i], static_cast<double>(static_cast<float>(2 * ms[i] * 1e-3)));
  }
  EXPECT_DOUBLE_EQ(std::get<double>(f32.counters.at("GB/s")), 250.0);
  EXPECT_DOUBLE_EQ(std::get<double>(f32.counters.at("Elem/s")), 1.2e9);
  EXPECT_DOUBLE_EQ(std::get<double>(f32.counters.at("sm_clock_mhz")), 1410.0);
  ASSERT_TRUE(r.benchmarks[2].skipped);
  EXPECT_EQ(*r.benchmarks[2].skipped, "Unsupported type.");
}

TEST(NvbenchImport, WithoutTheSampleFolderItJudgesFromSummaries) {
  const TempDir dir;
  const Results r = load_results(copy_jsonbin(dir, false));
  const BenchmarkResult& b = r.benchmarks[0];
  EXPECT_TRUE(b.samples.empty());
  ASSERT_TRUE(b.summary);
  EXPECT_EQ(b.summary->count, 5u);
  EXPECT_DOUBLE_EQ(b.summary->stdev, 7.9e-05) << "the absolute stdev is preferred when written";
  ASSERT_TRUE(b.summary->min && b.summary->max);
  EXPECT_DOUBLE_EQ(*b.summary->min, static_cast<double>(0.9e-3f));
  EXPECT_DOUBLE_EQ(*b.summary->max, static_cast<double>(1.1e-3f));
  EXPECT_LE(*b.summary->min, b.summary->mean);
  EXPECT_LE(b.summary->mean, *b.summary->max);
}

TEST(NvbenchImport, AMissingSampleFileIsOneLineNamingIt) {
  const TempDir dir;
  const fs::path json = copy_jsonbin(dir, true);
  fs::remove(dir / "run.json-bin" / "1.bin");
  const std::string message = load_error(json);
  expect_one_line_naming(message, json, "1.bin");
  EXPECT_NE(message.find("is missing"), std::string::npos) << message;
  EXPECT_NE(message.find("reduce/T=F64 Elements=2^20"), std::string::npos) << message;
}

TEST(NvbenchImport, ATruncatedSampleFileIsOneLineNamingIt) {
  const TempDir dir;
  const fs::path json = copy_jsonbin(dir, true);
  const fs::path bin = dir / "run.json-bin" / "0.bin";
  write_bytes(bin, read_bytes(bin).substr(0, 18));
  const std::string message = load_error(json);
  expect_one_line_naming(message, json, "0.bin");
  EXPECT_NE(message.find("has 18 bytes, not the 5 float32 samples"), std::string::npos) << message;
}

TEST(NvbenchImport, ASampleThatIsNotATimeIsRefused) {
  const TempDir dir;
  const fs::path json = copy_jsonbin(dir, true);
  const fs::path bin = dir / "run.json-bin" / "0.bin";
  std::string bytes = read_bytes(bin);
  bytes.replace(4, 4, std::string("\x00\x00\xc0\x7f", 4));  // a float32 NaN as sample 1
  write_bytes(bin, bytes);
  expect_one_line_naming(load_error(json), json, "sample 1 is not a finite non-negative time");
}

TEST(NvbenchImport, ASampleFileSizeBeyondReasonIsRefused) {
  const TempDir dir;
  const fs::path json = copy_jsonbin(dir, true);
  Json doc = fixture_json("jsonbin.json");
  doc["benchmarks"][0]["states"][0]["summaries"][9]["data"][1]["value"] = "1e30";
  std::ofstream(json) << doc.dump(1);
  expect_one_line_naming(load_error(json), json, "has no \"filename\" and whole \"size\"");
}

TEST(NvbenchImport, NullNoiseIsInfinite) {
  const TempDir dir;
  Json doc = fixture_json("jsonbin.json");
  Json& summaries = doc["benchmarks"][0]["states"][0]["summaries"];
  summaries.erase(summaries.begin() + 4);  // nv/cold/time/gpu/stdev/absolute
  summaries[4]["data"][0]["value"] = nullptr;  // relative noise: null
  expect_one_line_naming(load_error(write_json(dir, doc)), dir / "bad.json", "no finite noise for 5 samples");
  summaries[0]["data"][0]["value"] = "1";  // one sample: no spread to estimate, and none claimed
  const Results r = load_results(write_json(dir, doc, "one.json"));
  ASSERT_TRUE(r.benchmarks[0].summary);
  EXPECT_EQ(r.benchmarks[0].summary->stdev, 0.0);
}

struct BadNvbench {
  const char* label;
  void (*corrupt)(Json&);
  const char* problem;
};

class NvbenchRejects : public ::testing::TestWithParam<BadNvbench> {};

TEST_P(NvbenchRejects, WithOneLineNamingTheFile) {
  const TempDir dir;
  Json doc = fixture_json("jsonbin.json");
  GetParam().corrupt(doc);
  const fs::path file = write_json(dir, doc);
  expect_one_line_naming(load_error(file), file, GetParam().problem);
}

Json& first_state(Json& d) { return d["benchmarks"][0]["states"][0]; }

INSTANTIATE_TEST_SUITE_P(
    Malformed, NvbenchRejects,
    ::testing::Values(
        BadNvbench{"devices_not_array", [](Json& d) { d["devices"] = 3; }, "'devices' is not an array"},
        BadNvbench{"unknown_device", [](Json& d) { first_state(d)["device"] = 7; }, "device 7, which 'devices' does not describe"},
        BadNvbench{"mean_not_number", [](Json& d) { first_state(d)["summaries"][3]["data"][0]["value"] = "fast"; },
                   "state 'reduce/T=F32 Elements=2^20': summary nv/cold/time/gpu/mean: 'value' 'fast' is not a number"},
        BadNvbench{"negative_mean", [](Json& d) { first_state(d)["summaries"][3]["data"][0]["value"] = "-1"; },
                   "the cold GPU mean is not a finite non-negative time"},
        BadNvbench{"no_summaries", [](Json& d) { first_state(d)["summaries"] = nullptr; }, "it has no cold GPU time"},
        // Found by fuzz_nvbench_import: imported, then refused when read back.
        BadNvbench{"mean_above_max",
                   [](Json& d) {
                     Json& summaries = first_state(d)["summaries"];
                     summaries[2]["data"][0]["value"] = "0.0009";  // nv/cold/time/gpu/max below the mean
                     summaries.erase(summaries.begin() + 1);      // and no min to clamp the mean to
                   },
                   "the cold GPU time's summary: 'mean' is above 'max'"},
        BadNvbench{"no_samples_kept", [](Json& d) { first_state(d)["summaries"][0]["data"][0]["value"] = "0"; },
                   "NVBench kept no valid sample"},
        BadNvbench{"skipped_not_bool", [](Json& d) { first_state(d)["is_skipped"] = "yes"; }, "not valid NVBench JSON"},
        BadNvbench{"state_without_name", [](Json& d) { first_state(d).erase("name"); }, "benchmarks[0].states[0] has no \"name\""},
        BadNvbench{"duplicate_state", [](Json& d) { d["benchmarks"][0]["states"][1]["name"] = first_state(d)["name"]; },
                   "appears more than once"},
        BadNvbench{"control_character", [](Json& d) { d["benchmarks"][0]["name"] = "re\x01" "duce"; }, "control character"},
        BadNvbench{"no_states", [](Json& d) { d["benchmarks"] = Json::array(); }, "no benchmark states"},
        BadNvbench{"huge_sm_count", [](Json& d) { d["devices"][0]["number_of_sms"] = 1e300; },
                   "devices: 'number_of_sms' is not a whole number from 0 to 2147483647"},
        BadNvbench{"unnamed_device", [](Json& d) { d["devices"][0]["name"] = " ?"; }, "device 0 has no usable name"},
        BadNvbench{"fractional_device", [](Json& d) { first_state(d)["device"] = "0.5"; }, "'device' is not a whole number"}),
    [](const auto& param_info) { return std::string(param_info.param.label); });

TEST(NvbenchImport, MalformedJsonNamesTheFile) {
  const TempDir dir;
  const fs::path file = dir / "broken.json";
  std::ofstream(file) << R"({"devices": [], "benchmarks": [)";
  // Read as it streams: the place where the document stops, not just "malformed".
  expect_one_line_naming(load_error(file), file, "line 1, column 32: the input ends where a value should be");
}

TEST(NvbenchImport, PromotedSummariesRoundTrip) {
  const TempDir dir;
  const Results imported = load_results(fixture("spark-rapids-jni__seq_after.json"));
  const fs::path saved = dir / "baseline.json";
  save_results(imported, saved);
  const Results again = load_results(saved);
  ASSERT_EQ(again.benchmarks.size(), 1u);
  ASSERT_TRUE(again.benchmarks[0].summary);
  EXPECT_EQ(again.benchmarks[0].summary->count, imported.benchmarks[0].summary->count);
  EXPECT_EQ(again.benchmarks[0].summary->mean, imported.benchmarks[0].summary->mean);
  EXPECT_EQ(again.benchmarks[0].summary->stdev, imported.benchmarks[0].summary->stdev);
  EXPECT_EQ(again.fingerprint.slug, imported.fingerprint.slug);
}

// A file as NVBench lays it out ("meta", "devices", "benchmarks") is read
// in a stream, two passes, one benchmark at a time; the same document with
// its keys sorted is read whole.  Both give the same results, and the same
// complaint for a state on an undescribed device found before a later
// benchmark's bad state, as the whole document's reading orders them.
TEST(NvbenchImport, ReadAsItStreamsAsTheWholeDocumentIsRead) {
  const fs::path real = fs::path(PERFGATE_TEST_FIXTURES) / "real";
  for (const char* name : {"nvbench__test_ref.json", "spark-rapids-jni__hash_before.json"}) {
    SCOPED_TRACE(name);
    const std::string text = read_bytes(real / name);
    ASSERT_EQ(text.find("{\n  \"meta\""), 0u) << "laid out as NVBench writes it";
    const Results streamed = parse_results(text, name);
    const Results whole = parse_results(Json::parse(text).dump(), name);  // "benchmarks" first: read whole
    EXPECT_EQ(results_to_json(streamed), results_to_json(whole));
    EXPECT_GT(streamed.benchmarks.size(), 0u);
  }
  Json doc = Json::parse(read_bytes(real / "nvbench__test_ref.json"));
  doc["benchmarks"][0]["states"][0]["device"] = 7;  // undescribed
  doc["benchmarks"][1]["states"][0].erase("name");
  doc["benchmarks"][1]["states"][0].erase("description");
  const std::string sorted = doc.dump();
  const std::string laid_out = R"({"meta": )" + doc["meta"].dump() + R"(, "devices": )" + doc["devices"].dump() +
                               R"(, "benchmarks": )" + doc["benchmarks"].dump() + "}";
  std::string errors[2];
  for (int i = 0; i < 2; ++i) {
    try {
      (void)parse_results(i == 0 ? laid_out : sorted, "x.json");
      ADD_FAILURE() << "a state on device 7, which is not described, was read";
    } catch (const InputError& e) {
      errors[i] = e.what();
    }
  }
  EXPECT_EQ(errors[0], "x.json: a state ran on device 7, which 'devices' does not describe");
  EXPECT_EQ(errors[0], errors[1]);
}

// Every NVBench file of the shared real corpus, when it is checked out.
TEST(NvbenchImport, EveryRealFileImports) {
  const fs::path real = fs::path(PERFGATE_TEST_FIXTURES) / "real";
  ASSERT_TRUE(fs::is_directory(real)) << "no " << real;
  struct Expected {
    const char* file;
    std::size_t states, skipped;
    const char* slug;
  };
  for (const Expected& e : {Expected{"nvbench__test_ref.json", 126, 38, "quadro-gv100-quadro-gp100"},
                            Expected{"nvbench__test_cmp.json", 126, 38, "quadro-gv100-quadro-gp100"},
                            Expected{"spark-rapids-jni__hash_before.json", 16, 0, "quadro-rtx-8000"},
                            Expected{"spark-rapids-jni__hash_after.json", 16, 0, "quadro-rtx-8000"},
                            Expected{"spark-rapids-jni__seq_before.json", 1, 0, "nvidia-rtx-3500-ada-generation-laptop-gpu"},
                            Expected{"spark-rapids-jni__seq_after.json", 1, 0, "nvidia-rtx-3500-ada-generation-laptop-gpu"},
                            Expected{"spark-rapids-jni__fused_before.json", 1, 0, "quadro-rtx-8000"},
                            Expected{"spark-rapids-jni__fused_after.json", 1, 0, "quadro-rtx-8000"}}) {
    SCOPED_TRACE(e.file);
    ASSERT_TRUE(fs::exists(real / e.file)) << "a fixture this test names is gone: " << real / e.file;
    const Results r = load_results(real / e.file);
    EXPECT_EQ(r.fingerprint.slug, e.slug);
    EXPECT_EQ(r.benchmarks.size(), e.states);
    std::size_t skipped = 0;
    for (const BenchmarkResult& b : r.benchmarks) {
      skipped += b.skipped.has_value();
      if (b.skipped) continue;
      ASSERT_TRUE(b.summary) << b.name;
      EXPECT_GT(b.summary->count, 0u) << b.name;
      EXPECT_GT(b.summary->mean, 0.0) << b.name;
    }
    EXPECT_EQ(skipped, e.skipped);
  }
}

}  // namespace
}  // namespace perfgate
