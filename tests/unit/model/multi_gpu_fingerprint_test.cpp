// The fingerprint of a run on several GPUs (perfgate/model/fingerprint.hpp):
// the slug's "-x<N>", the GPU list and peer links through the results file,
// and files written before multi-GPU suites, all on synthetic fingerprints.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/platform/errors.hpp"
#include "perfgate/model/fingerprint.hpp"
#include "perfgate/formats/fingerprint_json.hpp"
#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"

namespace perfgate {
namespace {

using nlohmann::json;

constexpr const char* kH100 = "NVIDIA H100 80GB HBM3";

// `models.size()` GPUs, every pair linked; pairs with a GPU of `far_gpu` at
// one end rank 1 without native atomics (say, across a PCIe switch).
Fingerprint gpus_of(const std::vector<std::string>& models, int far_gpu = -1) {
  Fingerprint f = testing::test_gpu(models.front());
  f.gpu_count = static_cast<int>(models.size());
  for (std::size_t i = 0; i < models.size(); ++i)
    f.gpus.push_back({models[i], "0000:" + std::to_string(0x18 + i) + ":00.0"});
  for (int from = 0; from < f.gpu_count; ++from)
    for (int to = 0; to < f.gpu_count; ++to) {
      if (from == to) continue;
      const bool far = from == far_gpu || to == far_gpu;
      f.peers.push_back({from, to, true, far ? 1 : 0, !far});
    }
  f.slug = gpus_slug(models);
  return f;
}

Results results_on(const Fingerprint& f) {
  return testing::results("collectives", {testing::benchmark("all_reduce/1MiB", {1e-4, 1.1e-4, 0.9e-4})}, f);
}

std::string rejection(const json& doc) {
  try {
    parse_results(doc.dump(), "run.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(MultiGpuSlug, OneGpuKeepsTodaysSlug) {
  // baselines/nvidia-h100-80gb-hbm3/ must still be this device's folder.
  EXPECT_EQ(gpus_slug({kH100}), "nvidia-h100-80gb-hbm3");
  EXPECT_EQ(expected_slug(testing::test_gpu()), "nvidia-h100-80gb-hbm3");
}

TEST(MultiGpuSlug, SeveralGpusSayHowMany) {
  EXPECT_EQ(gpus_slug(std::vector<std::string>(8, kH100)), "nvidia-h100-80gb-hbm3-x8");
  EXPECT_EQ(gpus_slug({kH100, kH100}), "nvidia-h100-80gb-hbm3-x2");
  EXPECT_EQ(expected_slug(gpus_of(std::vector<std::string>(4, kH100))), "nvidia-h100-80gb-hbm3-x4");
}

TEST(MultiGpuSlug, MixedModelsNameTheFirstAndSayMixed) {
  EXPECT_EQ(gpus_slug({kH100, "NVIDIA H200", kH100}), "nvidia-h100-80gb-hbm3-mixed-x3");
  EXPECT_EQ(gpus_slug({"NVIDIA H200", kH100}), "nvidia-h200-mixed-x2");
}

TEST(MultiGpuSlug, ACountWithoutModelsCountsTheFirstModel) {
  Fingerprint f = testing::test_gpu();
  f.gpu_count = 2;
  EXPECT_EQ(expected_slug(f), "nvidia-h100-80gb-hbm3-x2");
}

TEST(MultiGpuSlug, CalibrationsStayPerModel) {
  EXPECT_EQ(model_slug(gpus_of(std::vector<std::string>(8, kH100))), "nvidia-h100-80gb-hbm3");
}

TEST(MultiGpuFingerprint, GpuCountMakesDevicesIncomparable) {
  std::string why;
  EXPECT_FALSE(comparable(testing::test_gpu(), gpus_of({kH100, kH100}), &why));
  EXPECT_NE(why.find("GPU count differs ('1' vs '2')"), std::string::npos) << why;
  EXPECT_TRUE(comparable(gpus_of({kH100, kH100}), gpus_of({kH100, kH100}, 1)));  // topology: not a different device
}

TEST(MultiGpuFingerprint, OneGpuIsWrittenAsBefore) {
  const json j = fingerprint_to_json(testing::test_gpu());
  EXPECT_FALSE(j.contains("gpu_count"));
  EXPECT_FALSE(j.contains("gpus"));
  EXPECT_FALSE(j.contains("peers"));
}

TEST(MultiGpuFingerprint, RoundTripKeepsEachGpuAndPeerLink) {
  const Fingerprint original = gpus_of({kH100, kH100, kH100, "NVIDIA H200"}, 3);
  const json j = fingerprint_to_json(original);
  EXPECT_EQ(j["gpu_count"], 4);
  EXPECT_EQ(j["slug"], "nvidia-h100-80gb-hbm3-mixed-x4");
  ASSERT_EQ(j["peers"].size(), 12u);
  EXPECT_EQ(j["peers"][0], json::parse(R"({"from": 0, "to": 1, "access": true, "performance_rank": 0,
                                           "native_atomics": true})"));
  const Fingerprint loaded = parse_results(results_to_json(results_on(original)), "run.json").fingerprint;
  EXPECT_EQ(loaded.slug, original.slug);
  EXPECT_EQ(loaded.gpu_count, 4);
  ASSERT_EQ(loaded.gpus.size(), 4u);
  EXPECT_EQ(loaded.gpus[3].name, "NVIDIA H200");
  EXPECT_EQ(loaded.gpus[1].pci_bus_id, original.gpus[1].pci_bus_id);
  EXPECT_EQ(loaded.peers, original.peers);
  EXPECT_EQ(expected_slug(loaded), loaded.slug);
}

TEST(MultiGpuFingerprint, ACountAloneRoundTrips) {
  Fingerprint f = testing::test_gpu();
  f.gpu_count = 2;
  f.slug = expected_slug(f);
  const json j = fingerprint_to_json(f);
  EXPECT_FALSE(j.contains("gpus"));
  EXPECT_FALSE(j.contains("peers"));
  const Fingerprint loaded = parse_results(results_to_json(results_on(f)), "run.json").fingerprint;
  EXPECT_EQ(loaded.gpu_count, 2);
  EXPECT_EQ(loaded.slug, "nvidia-h100-80gb-hbm3-x2");
}

TEST(MultiGpuFingerprint, FilesBeforeMultiGpuSuitesLoadAsOneGpu) {
  json doc = json::parse(results_to_json(results_on(testing::test_gpu())));
  ASSERT_FALSE(doc["fingerprint"].contains("gpu_count"));
  const Fingerprint loaded = parse_results(doc.dump(), "old.json").fingerprint;
  EXPECT_EQ(loaded.gpu_count, 1);
  EXPECT_TRUE(loaded.gpus.empty());
  EXPECT_TRUE(loaded.peers.empty());
}

TEST(MultiGpuFingerprint, InconsistentListsAreOneLineErrorsNamingTheFile) {
  const json valid = json::parse(results_to_json(results_on(gpus_of({kH100, kH100, kH100}))));
  const auto with = [&](const std::function<void(json&)>& change) {
    json doc = valid;
    change(doc["fingerprint"]);
    return rejection(doc);
  };
  EXPECT_EQ(rejection(valid), "accepted");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {with([](json& f) { f["gpus"].erase(0); }), "lists 2 GPUs in 'gpus' but 'gpu_count' is 3"},
      {with([](json& f) { f["gpu_count"] = 0; }), "'gpu_count' is below 1"},
      {with([](json& f) { f["gpu_count"] = 5000; }), "'gpu_count' is above 1024"},
      {with([](json& f) { f.erase("gpu_count"); }), "without 'gpu_count'"},
      {with([](json& f) { f["peers"][2]["to"] = 3; }), "peer link 2 joins GPU 1 to GPU 3"},
      {with([](json& f) { f["peers"][0]["to"] = 0; }), "joins GPU 0 to GPU 0"},
      {with([](json& f) { f["peers"].push_back(f["peers"][0]); }), "3 GPUs have 6 ordered pairs"},
      {with([](json& f) { f["gpus"][1] = "H100"; }), "fingerprint gpu 1 is not a JSON object"},
      {with([](json& f) { f["peers"][0]["access"] = "yes"; }), "'access' is not true or false"},
      {with([](json& f) { f["kind"] = "cpu"; }), "has 'gpu_count' but its kind is cpu"},
  };
  for (const auto& [message, expected] : cases) {
    EXPECT_NE(message.find(expected), std::string::npos) << message;
    EXPECT_EQ(message.rfind("run.json: fingerprint", 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(MultiGpuFingerprint, PeerSummaryCountsWhatTheRuntimeReported) {
  EXPECT_EQ(peer_summary(testing::test_gpu()), "");
  EXPECT_EQ(peer_summary(gpus_of({kH100, kH100})), "peer access 2 of 2 pairs, native atomics 2 of 2, performance rank 0");
  EXPECT_EQ(peer_summary(gpus_of({kH100, kH100, kH100}, 2)),
            "peer access 6 of 6 pairs, native atomics 2 of 6, performance rank 0..1");
  Fingerprint no_peers = gpus_of({kH100, kH100});
  for (PeerLink& link : no_peers.peers) link = {link.from, link.to, false, 0, false};
  EXPECT_EQ(peer_summary(no_peers), "peer access 0 of 2 pairs, native atomics 0 of 2");
}

}  // namespace
}  // namespace perfgate
