// Issue 41: a repeated JSON key is refused by every reader, never read by a
// per-key rule (first name, last samples; schema_version 1 beside 99).
#include "perfgate/formats/json_unique_keys.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/results_io.hpp"
#include "results_builder.hpp"
#include "shell.hpp"

namespace perfgate {
namespace {

std::string refusal_of_text(const std::string& text) {
  try {
    (void)parse_json_with_unique_keys(text, "doc.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(JsonUniqueKeys, ARepeatedKeyAtAnyDepthIsRefusedNamingIt) {
  EXPECT_NE(refusal_of_text(R"({"a": 1, "a": 2})").find("doc.json: key 'a' appears twice in the document's top-level object"), std::string::npos);
  EXPECT_NE(refusal_of_text(R"({"x": [{"b": {"c": 1, "c": 1}}]})").find("key 'c' appears twice in x[0].b"), std::string::npos);
}

TEST(JsonUniqueKeys, TheSameKeyInDifferentObjectsIsFine) {
  EXPECT_EQ(refusal_of_text(R"({"a": {"k": 1}, "b": {"k": 2}, "c": [{"k": 1}, {"k": 2}], "k": 3})"), "accepted");
  const nlohmann::json doc = parse_json_with_unique_keys(R"({"a": {"k": 1}, "k": [2]})", "doc.json");
  EXPECT_EQ(doc["a"]["k"], 1);
  EXPECT_EQ(doc["k"][0], 2);
}

// perfgate's own results, read from text (parse_results) and streamed from a
// file (load_results: the top level by the scanner, each part by simdjson).
std::string valid_results_text() {
  return results_to_json(testing::results("gemm", {testing::benchmark("gemm/a", {1e-3, 1.1e-3, 0.9e-3})}));
}

std::string with_repeat(std::string text, const std::string& after, const std::string& member) {
  const std::size_t at = text.find(after);
  EXPECT_NE(at, std::string::npos) << after;
  return text.insert(at + after.size(), member);
}

std::string refusal_of_results(const std::string& text) {
  std::string from_text = "accepted";
  try {
    (void)parse_results(text, "base.json");
  } catch (const InputError& e) {
    from_text = e.what();
  }
  const testing::TempDir dir;
  testing::write_text(dir / "base.json", text);
  std::string from_file = "accepted";
  try {
    (void)load_results(dir / "base.json");
  } catch (const InputError& e) {
    from_file = e.what();
  }
  // Both reads refuse, each naming the file.
  EXPECT_NE(from_text.find("base.json"), std::string::npos) << from_text;
  EXPECT_NE(from_file.find("base.json"), std::string::npos) << from_file;
  EXPECT_NE(from_text.find("appears twice"), std::string::npos) << from_text;
  return from_file;
}

TEST(JsonUniqueKeys, ResultsWithARepeatedSchemaVersionAreRefused) {
  const std::string text = with_repeat(valid_results_text(), "{", "\"schema_version\": 99, ");
  const std::string message = refusal_of_results(text);
  EXPECT_NE(message.find("key 'schema_version' appears twice in the document's top-level object"), std::string::npos)
      << message;
}

TEST(JsonUniqueKeys, ABenchmarkWithTwoNamesIsRefusedNamingItsPlace) {
  const nlohmann::json doc = nlohmann::json::parse(valid_results_text());
  const std::string name = doc["benchmarks"][0]["name"];
  const std::string text = with_repeat(valid_results_text(), "\"name\": \"" + name + "\"", ", \"name\": \"gemm/b\"");
  ASSERT_NE(text, valid_results_text());
  const std::string message = refusal_of_results(text);
  EXPECT_NE(message.find("key 'name' appears twice in benchmarks[0]"), std::string::npos) << message;
}

TEST(JsonUniqueKeys, AGoogleBenchmarkFileWithARepeatedKeyIsRefused) {
  const std::string base = testing::read_text(std::string(PERFGATE_TEST_FIXTURES) + "/gbench/test2_run.json");
  const testing::TempDir dir;
  // A repeated key in a benchmark row, and in the context object below it.
  const std::string row = with_repeat(base, "\"name\": \"BM_Hi\",", " \"real_time\": 1,");
  const std::string context = with_repeat(base, "\"num_cpus\": 4,", " \"num_cpus\": 64,");
  for (const auto& [text, where] : {std::pair{row, "benchmarks[0]"}, std::pair{context, "context"}}) {
    testing::write_text(dir / "run.json", text);
    try {
      (void)load_results(dir / "run.json");
      ADD_FAILURE() << "accepted a repeated key in " << where;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("appears twice in ") + where), std::string::npos) << e.what();
    }
  }
}

TEST(JsonUniqueKeys, ALargeObjectIsCheckedToo) {
  // More keys than are compared pair by pair: the sorted check finds it.
  nlohmann::json counters = nlohmann::json::object();
  for (int i = 0; i < 100; ++i) counters["c" + std::to_string(i)] = i;
  nlohmann::json doc = nlohmann::json::parse(valid_results_text());
  doc["benchmarks"][0]["counters"] = counters;
  const std::string text = with_repeat(doc.dump(), "\"c57\":57", ",\"c3\":3");
  const std::string message = refusal_of_results(text);
  EXPECT_NE(message.find("key 'c3' appears twice in benchmarks[0].counters"), std::string::npos) << message;
}

// nlohmann ends its input at a NUL byte, so a document followed by a NUL
// and anything at all passed the DOM readers while the streaming scanner
// refused it (the fuzz target of NVBench import found it in CI).  JSON text
// never holds a NUL: every reader refuses one, naming where it is.
TEST(JsonUniqueKeys, ANulByteAnywhereIsRefusedByEveryReader) {
  const std::string trailing = std::string("{\"a\": 1}\n") + '\0' + "{\"b\": 2}";
  EXPECT_NE(refusal_of_text(trailing).find("doc.json: line 2, column 1: a NUL byte (0x00)"), std::string::npos)
      << refusal_of_text(trailing);
  const std::string results = valid_results_text() + '\0' + "garbage";
  for (const std::string& origin : {"base.json", "piped.json"}) {
    try {
      (void)parse_results(results, origin);
      ADD_FAILURE() << "parse_results accepted a NUL after the document";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind(origin + ":", 0), 0u) << e.what();
    }
  }
  const testing::TempDir dir;
  testing::write_text(dir / "base.json", results);
  EXPECT_THROW((void)load_results(dir / "base.json"), InputError);
}

}  // namespace
}  // namespace perfgate
