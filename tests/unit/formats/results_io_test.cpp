#include "perfgate/model/plausible_times.hpp"
#include "perfgate/formats/results_io.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/schema_migration.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

using nlohmann::json;

Results sample_results() {
  Results r = testing::results("gemm", {testing::benchmark("gemm/bf16/4096", {1e-3, 1.1e-3, 0.9e-3, 1.05e-3, 1e-3})},
                               testing::test_gpu());
  BenchmarkResult& b = r.benchmarks[0];
  b.throttled_samples = 2;
  b.rounds = {3, 2};
  b.counters["TFLOP/s"] = 612.5;
  b.counters["bound"] = std::string("compute");
  b.kernels.push_back({"sm90_xmma_gemm_bf16", 3, 812.0, {810.0, 812.0, 815.0}});
  b.copies.push_back({"HtoD", 2, 4096});
  b.trace = TraceInfo{"traces/gemm_bf16_4096-0a1b2c3d.trace.json", 3, 1};
  b.kernel_counts.push_back({"sm90_xmma_gemm_bf16", 1.0, {{"kernel_instructions", 2.5e8}, {"kernel_dram_bytes_read", 1.2e8}}});
  b.gate.threshold_pct = 8.0;
  b.gate.reason = "tensor-core clocks vary";
  b.gate.measure = GateMeasure::counts;
  b.gate.count_threshold_pct = 0.5;
  r.benchmarks.push_back(testing::skipped_benchmark("gemm/fp8/4096", "no CUDA device: none"));
  r.benchmarks.push_back(testing::failed_benchmark("gemm/tf32/4096", "cublasGemmEx: CUBLAS_STATUS_NOT_SUPPORTED"));
  return r;
}

json valid_document() { return json::parse(results_to_json(sample_results())); }

// The message of the InputError that parsing `doc` throws.
std::string rejection(const json& doc) {
  try {
    parse_results(doc.dump(), "base.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

std::string rejection(const std::string& text) {
  try {
    parse_results(text, "base.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ResultsIo, RoundTripKeepsEverything) {
  const Results original = sample_results();
  const Results loaded = parse_results(results_to_json(original), "x.json");
  EXPECT_EQ(loaded.suite, "gemm");
  EXPECT_EQ(loaded.fingerprint.slug, "nvidia-h100-80gb-hbm3");
  EXPECT_EQ(loaded.fingerprint.sm_count, 132);
  EXPECT_EQ(loaded.source.git_commit, original.source.git_commit);
  ASSERT_EQ(loaded.benchmarks.size(), 3u);
  const BenchmarkResult& b = loaded.benchmarks[0];
  EXPECT_EQ(b.samples, original.benchmarks[0].samples);
  EXPECT_EQ(b.throttled_samples, 2);
  EXPECT_EQ(b.rounds, (std::vector<std::size_t>{3, 2}));
  EXPECT_EQ(std::get<double>(b.counters.at("TFLOP/s")), 612.5);
  EXPECT_EQ(std::get<std::string>(b.counters.at("bound")), "compute");
  ASSERT_EQ(b.kernels.size(), 1u);
  EXPECT_EQ(b.kernels[0].calls, 3);
  EXPECT_EQ(b.kernels[0].samples_ns, (std::vector<double>{810.0, 812.0, 815.0}));
  ASSERT_EQ(b.copies.size(), 1u);
  EXPECT_EQ(b.copies[0].direction, "HtoD");
  EXPECT_EQ(b.copies[0].bytes, 4096);
  ASSERT_TRUE(b.trace.has_value());
  EXPECT_EQ(b.trace->path, "traces/gemm_bf16_4096-0a1b2c3d.trace.json");
  EXPECT_EQ(b.trace->iterations, 3);
  EXPECT_EQ(b.trace->dropped_records, 1);
  EXPECT_FALSE(loaded.benchmarks[1].trace.has_value());
  ASSERT_EQ(b.kernel_counts.size(), 1u);
  EXPECT_EQ(b.kernel_counts[0].name, "sm90_xmma_gemm_bf16");
  EXPECT_EQ(b.kernel_counts[0].launches_per_iteration, 1.0);
  EXPECT_EQ(b.kernel_counts[0].counts, (std::map<std::string, double>{{"kernel_instructions", 2.5e8}, {"kernel_dram_bytes_read", 1.2e8}}));
  EXPECT_TRUE(loaded.benchmarks[1].kernel_counts.empty());
  EXPECT_EQ(b.gate.threshold_pct, 8.0);
  EXPECT_EQ(b.gate.reason, "tensor-core clocks vary");
  EXPECT_EQ(b.gate.measure, GateMeasure::counts);
  EXPECT_EQ(b.gate.count_threshold_pct, 0.5);
  EXPECT_FALSE(loaded.benchmarks[1].gate.measure);
  EXPECT_EQ(loaded.benchmarks[1].skipped, "no CUDA device: none");
  EXPECT_EQ(loaded.benchmarks[2].error, "cublasGemmEx: CUBLAS_STATUS_NOT_SUPPORTED");
}

TEST(ResultsIo, WritesDerivedMedianForReaders) {
  const json doc = valid_document();
  EXPECT_DOUBLE_EQ(doc["benchmarks"][0]["median"].get<double>(), 1e-3);
  EXPECT_EQ(doc["schema"], "perfgate/results");
  EXPECT_EQ(doc["schema_version"], 1);
}

TEST(ResultsIo, MalformedJsonNamesFileAndPosition) {
  const std::string message = rejection(std::string("{\"schema\": \"perfgate/results\",\n  \"suite\": }"));
  EXPECT_EQ(message.rfind("base.json: malformed JSON", 0), 0u) << message;
  EXPECT_NE(message.find("line 2"), std::string::npos) << message;
}

TEST(ResultsIo, NaNLiteralIsExplained) {
  std::string text = valid_document().dump();
  text.replace(text.find("0.0011"), 6, "NaN");
  const std::string message = rejection(text);
  EXPECT_NE(message.find("NaN is not a JSON number"), std::string::npos) << message;
}

TEST(ResultsIo, EachMessageIsOneLine) {
  json doc = valid_document();
  doc["benchmarks"][0]["name"] = "a\nb";
  const std::string message = rejection(doc);
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

struct Corruption {
  const char* what;
  std::function<void(json&)> apply;
  const char* expected;  // part of the message
};

void PrintTo(const Corruption& corruption, std::ostream* out) { *out << corruption.what; }

class ResultsValidation : public ::testing::TestWithParam<Corruption> {};

TEST_P(ResultsValidation, RejectsWithAClearMessage) {
  json doc = valid_document();
  GetParam().apply(doc);
  const std::string message = rejection(doc);
  EXPECT_EQ(message.rfind("base.json: ", 0), 0u) << message;
  EXPECT_NE(message.find(GetParam().expected), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(
    Schema, ResultsValidation,
    ::testing::Values(
        Corruption{"not perfgate", [](json& d) { d.erase("schema"); }, "not a perfgate results file"},
        Corruption{"future version", [](json& d) { d["schema_version"] = 2; }, "newer than this perfgate reads"},
        Corruption{"version zero", [](json& d) { d["schema_version"] = 0; }, "not a valid version"},
        Corruption{"version text", [](json& d) { d["schema_version"] = "1"; }, "not an integer"},
        Corruption{"no suite", [](json& d) { d.erase("suite"); }, "has no 'suite'"},
        Corruption{"null sample", [](json& d) { d["benchmarks"][0]["samples"][1] = nullptr; }, "sample 1 is not a number"},
        Corruption{"negative sample", [](json& d) { d["benchmarks"][0]["samples"][2] = -1e-3; }, "sample 2 is negative"},
        Corruption{"text sample", [](json& d) { d["benchmarks"][0]["samples"][0] = "fast"; }, "sample 0 is not a number"},
        Corruption{"empty samples", [](json& d) { d["benchmarks"][0]["samples"] = json::array(); d["benchmarks"][0].erase("rounds"); }, "has no samples"},
        Corruption{"duplicate", [](json& d) { d["benchmarks"][1]["name"] = d["benchmarks"][0]["name"]; }, "appears more than once"},
        Corruption{"empty name", [](json& d) { d["benchmarks"][0]["name"] = ""; }, "unusable name"},
        Corruption{"control char", [](json& d) { d["benchmarks"][0]["name"] = "a\x01z"; }, "control character"},
        Corruption{"unit", [](json& d) { d["benchmarks"][0]["unit"] = "ms"; }, "unit 'ms' is not supported"},
        Corruption{"device kind", [](json& d) { d["fingerprint"]["kind"] = "tpu"; }, "unknown device kind 'tpu'"},
        Corruption{"slug", [](json& d) { d["fingerprint"]["slug"] = "NVIDIA H100"; }, "is not made of [a-z0-9-]"},
        Corruption{"no fingerprint", [](json& d) { d.erase("fingerprint"); }, "has no 'fingerprint'"},
        Corruption{"benchmarks object", [](json& d) { d["benchmarks"] = json::object(); }, "'benchmarks' is not an array"},
        Corruption{"threshold", [](json& d) { d["benchmarks"][0]["gate"]["threshold_pct"] = -3; }, "threshold_pct is not a positive number"},
        Corruption{"measure", [](json& d) { d["benchmarks"][0]["gate"]["measure"] = "fast"; }, "gate.measure is not \"time\", \"counts\" or \"both\""},
        Corruption{"count threshold", [](json& d) { d["benchmarks"][0]["gate"]["count_threshold_pct"] = 0; }, "gate.count_threshold_pct is not a positive number"},
        Corruption{"rounds sum", [](json& d) { d["benchmarks"][0]["rounds"] = {3, 3}; }, "'rounds' add up to 6 samples, not the 5"},
        Corruption{"rounds zero", [](json& d) { d["benchmarks"][0]["rounds"] = {5, 0}; }, "not a positive integer"},
        Corruption{"counter", [](json& d) { d["benchmarks"][0]["counters"]["x"] = json::array(); }, "neither a number nor a string"},
        Corruption{"kernel sample", [](json& d) { d["benchmarks"][0]["kernels"][0]["samples_ns"][1] = -5; }, "'samples_ns' holds a value that is not a non-negative number"},
        Corruption{"kernel samples", [](json& d) { d["benchmarks"][0]["kernels"][0]["samples_ns"] = json::array(); for (int i = 0; i < 101; ++i) d["benchmarks"][0]["kernels"][0]["samples_ns"].push_back(1.0); }, "has 101 values (at most 100)"},
        Corruption{"copies", [](json& d) { d["benchmarks"][0]["copies"] = "HtoD"; }, "'copies' is not an array"},
        Corruption{"kernel counts", [](json& d) { d["benchmarks"][0]["kernel_counts"] = json::object(); }, "'kernel_counts' is not an array"},
        Corruption{"kernel count", [](json& d) { d["benchmarks"][0]["kernel_counts"][0]["counts"]["kernel_l2_bytes"] = -1; }, "count 'kernel_l2_bytes' is not a non-negative number"},
        Corruption{"kernel launches", [](json& d) { d["benchmarks"][0]["kernel_counts"][0].erase("launches_per_iteration"); }, "'launches_per_iteration' is not a non-negative number"},
        Corruption{"copy bytes", [](json& d) { d["benchmarks"][0]["copies"][0]["bytes"] = -1; }, "bytes"},
        Corruption{"trace", [](json& d) { d["benchmarks"][0]["trace"] = 3; }, "trace"},
        // Issue 24 item 5: finite, not negative, and still no measurement.
        Corruption{"absurd sample", [](json& d) { d["benchmarks"][0]["samples"][3] = 1e306; }, "sample 3 is 1e+306 s per iteration, beyond any plausible run (more than a day)"},
        Corruption{"a day and a second", [](json& d) { d["benchmarks"][0]["samples"][0] = 86401.0; }, "beyond any plausible run"}),
    [](const ::testing::TestParamInfo<Corruption>& param_info) {
      std::string name = param_info.param.what;
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });

// Issue 24 item 5: up to a day per iteration is a time; the summary a file
// keeps instead of samples is held to the same bound.
TEST(ResultsIo, ADayPerIterationIsTheMostAnyRunCanHaveMeasured) {
  json doc = valid_document();
  for (auto& sample : doc["benchmarks"][0]["samples"]) sample = kMaxPlausibleSeconds;
  EXPECT_NO_THROW(parse_results(doc.dump(), "base.json"));
  json summary = valid_document();
  summary["benchmarks"][0].erase("samples");
  summary["benchmarks"][0].erase("rounds");
  summary["benchmarks"][0]["summary"] = {{"count", 10}, {"mean", 1e300}, {"stdev", 1.0}};
  EXPECT_NE(rejection(summary).find("the summary's mean is 1e+300 s per iteration"), std::string::npos) << rejection(summary);
}

// Issue 15 item 14: special files and absurd sizes are one line, at once.
TEST(ResultsIo, OnlyRegularFilesOfAtMostOneGibAreRead) {
  testing::TempDir dir;
  const std::filesystem::path fifo = dir / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto message = [](const std::filesystem::path& file) {
    try {
      (void)load_results(file);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("loaded");
  };
  // A FIFO waited for a writer forever; /dev/zero was read until memory ran out.
  EXPECT_NE(message(fifo).find("not a regular file"), std::string::npos) << message(fifo);
  EXPECT_NE(message("/dev/zero").find("not a regular file"), std::string::npos) << message("/dev/zero");
  EXPECT_NE(message(dir.path()).find("is a folder"), std::string::npos);
  EXPECT_NE(message(dir / "missing.json").find("no such file"), std::string::npos);
  // A sparse file over 1 GiB is refused from its size, before a byte is read.
  const std::filesystem::path huge = dir / "huge.json";
  { std::ofstream(huge) << "{"; }
  std::filesystem::resize_file(huge, (std::uintmax_t{1} << 30) + 1);
  EXPECT_NE(message(huge).find("1 GiB"), std::string::npos) << message(huge);
  EXPECT_EQ(message(huge).find('\n'), std::string::npos);
}

TEST(ResultsIo, AtMostAMillionSamplesPerBenchmark) {
  Results r = testing::results("s", {testing::benchmark("big", std::vector<double>(1000001, 1e-3))});
  try {
    (void)parse_results(results_to_json(r), "big.json");
    ADD_FAILURE() << "a benchmark with 1,000,001 samples was loaded";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("at most 1000000 per benchmark"), std::string::npos) << e.what();
  }
  r.benchmarks[0].samples.resize(1000000);
  EXPECT_EQ(parse_results(results_to_json(r), "big.json").benchmarks[0].samples.size(), 1000000u);
}

// Two files loaded at once, one on each thread: both read whole; of two
// bad files the first's error is the one given, whichever thread ends first.
TEST(ResultsIo, APairIsLoadedTogetherAndTheFirstFilesErrorComesFirst) {
  const testing::TempDir dir;
  save_results(sample_results(), dir / "a.json");
  Results other = sample_results();
  other.benchmarks.pop_back();
  save_results(other, dir / "b.json");
  const auto [first, second] = load_results_pair(dir / "a.json", dir / "b.json");
  EXPECT_EQ(first.benchmarks.size(), 3u);
  EXPECT_EQ(second.benchmarks.size(), 2u);
  EXPECT_EQ(first.origin, (dir / "a.json").string());
  testing::write_text(dir / "bad.json", "{\"schema\": 1,");
  const auto error_of = [](const std::filesystem::path& a, const std::filesystem::path& b) {
    try {
      load_results_pair(a, b);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(error_of(dir / "a.json", dir / "bad.json").rfind((dir / "bad.json").string() + ":", 0), 0u);
  EXPECT_EQ(error_of(dir / "missing.json", dir / "bad.json").rfind((dir / "missing.json").string() + ":", 0), 0u);
}

TEST(SchemaMigration, UpgradesStepByStep) {
  const std::vector<SchemaMigration> migrations = {
      {1, "rename times to samples",
       [](json d) {
         for (auto& b : d["benchmarks"]) b["samples"] = b["times"];
         return d;
       }},
      {2, "add unit", [](json d) {
         for (auto& b : d["benchmarks"]) b["unit"] = "s";
         return d;
       }}};
  const json old = {{"schema_version", 1}, {"benchmarks", {{{"times", {1.0, 2.0}}}}}};
  const json upgraded = migrate_results(old, 3, migrations, "old.json");
  EXPECT_EQ(upgraded["schema_version"], 3);
  EXPECT_EQ(upgraded["benchmarks"][0]["samples"], json({1.0, 2.0}));
  EXPECT_EQ(upgraded["benchmarks"][0]["unit"], "s");
}

TEST(SchemaMigration, MissingStepIsAnError) {
  const json old = {{"schema_version", 1}};
  EXPECT_THROW(migrate_results(old, 2, {}, "old.json"), InputError);
}

TEST(SchemaMigration, CurrentVersionNeedsNoMigration) {
  EXPECT_TRUE(results_migrations().empty()) << "add a test for every shipped migration";
  const json doc = valid_document();
  EXPECT_EQ(migrate_results(doc, kResultsSchemaVersion, results_migrations(), "x"), doc);
}

}  // namespace
}  // namespace perfgate
