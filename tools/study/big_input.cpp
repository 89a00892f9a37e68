// perfgate_big_input: a Google Benchmark JSON file of any size, written as
// Google Benchmark 1.9 writes one (pretty-printed, every repetition its own
// entry, times as %.16e), to time and size what perfgate's readers cost on
// big inputs (docs/measurements.md, "Big inputs"; issue 28).
//
// --benchmarks N cases "BM_case/i" with --repetitions R entries each.  Case
// i's level is 1 us x (1 + i mod 97); every repetition is off it by a
// log-normal noise of --noise (relative); every --every-th case is --slower
// times slower (1: no change), so that the comparison of two such files has
// regressions to report.  Deterministic given --seed.  The file is written
// as it goes: the tool's memory does not grow with the file.

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>

#include <CLI/CLI.hpp>

namespace {

struct Options {
  std::uint64_t benchmarks = 100000;
  std::uint64_t repetitions = 20;
  double noise = 0.02;
  double slower = 1.0;
  std::uint64_t every = 1000;
  std::uint64_t seed = 20261126;
  std::string out;
};

void write_context(std::FILE* f, const Options& o) {
  std::fprintf(f,
               "{\n"
               "  \"context\": {\n"
               "    \"date\": \"2026-11-26T10:00:00+00:00\",\n"
               "    \"host_name\": \"perfgate-big-input\",\n"
               "    \"executable\": \"./big_suite\",\n"
               "    \"num_cpus\": 2,\n"
               "    \"mhz_per_cpu\": 2450,\n"
               "    \"cpu_scaling_enabled\": false,\n"
               "    \"caches\": [\n"
               "      {\n"
               "        \"type\": \"Data\",\n"
               "        \"level\": 1,\n"
               "        \"size\": 32768,\n"
               "        \"num_sharing\": 1\n"
               "      }\n"
               "    ],\n"
               "    \"load_avg\": [0.5,0.5,0.5],\n"
               "    \"library_version\": \"v1.9.5\",\n"
               "    \"library_build_type\": \"release\",\n"
               "    \"json_schema_version\": 1,\n"
               "    \"perfgate_big_input_seed\": \"%" PRIu64 "\"\n"
               "  },\n"
               "  \"benchmarks\": [\n",
               o.seed);
}

void write_entry(std::FILE* f, std::uint64_t index, std::uint64_t repetition, const Options& o, double time_ns,
                 bool first) {
  std::fprintf(f,
               "%s    {\n"
               "      \"name\": \"BM_case/%" PRIu64 "\",\n"
               "      \"family_index\": %" PRIu64 ",\n"
               "      \"per_family_instance_index\": 0,\n"
               "      \"run_name\": \"BM_case/%" PRIu64 "\",\n"
               "      \"run_type\": \"iteration\",\n"
               "      \"repetitions\": %" PRIu64 ",\n"
               "      \"repetition_index\": %" PRIu64 ",\n"
               "      \"threads\": 1,\n"
               "      \"iterations\": 1000,\n"
               "      \"real_time\": %.16e,\n"
               "      \"cpu_time\": %.16e,\n"
               "      \"time_unit\": \"ns\"\n"
               "    }",
               first ? "" : ",\n", index, index, index, o.repetitions, repetition, time_ns, time_ns);
}

int write_file(const Options& o) {
  std::FILE* f = std::fopen(o.out.c_str(), "wb");
  if (!f) {
    std::cerr << "perfgate_big_input: cannot write " << o.out << "\n";
    return 2;
  }
  static char buffer[1 << 20];
  std::setvbuf(f, buffer, _IOFBF, sizeof buffer);
  std::mt19937_64 engine(o.seed);
  std::normal_distribution<double> noise(0.0, o.noise);
  write_context(f, o);
  for (std::uint64_t i = 0; i < o.benchmarks; ++i) {
    const double level = 1000.0 * static_cast<double>(1 + i % 97) * (o.every > 0 && i % o.every == 0 ? o.slower : 1.0);
    for (std::uint64_t r = 0; r < o.repetitions; ++r)
      write_entry(f, i, r, o, level * std::exp(noise(engine)), i == 0 && r == 0);
  }
  std::fprintf(f, "\n  ]\n}\n");
  const bool written = std::ferror(f) == 0;
  if (std::fclose(f) != 0 || !written) {
    std::cerr << "perfgate_big_input: writing " << o.out << " failed\n";
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"A Google Benchmark JSON file of any size (issue 28's inputs)"};
  app.add_option("--out", o.out, "the file to write")->required();
  app.add_option("--benchmarks", o.benchmarks, "cases");
  app.add_option("--repetitions", o.repetitions, "entries a case");
  app.add_option("--noise", o.noise, "relative log-normal noise of each repetition");
  app.add_option("--slower", o.slower, "how much slower every --every-th case is (1: unchanged)");
  app.add_option("--every", o.every, "which cases are slower (0: none)");
  app.add_option("--seed", o.seed, "the noise's seed");
  CLI11_PARSE(app, argc, argv);
  return write_file(o);
}
