#pragma once
// The environment that turns on the host suite's test-only noisy case
// (perf/suites/host/injected_noise_case.hpp), for the e2e tests of the gate
// and of perfgate ab that need noise they can repeat exactly.

#include <filesystem>
#include <string>

#include "shell.hpp"

namespace perfgate::testing {

// "VAR=... VAR=..." for a shell command line: `noise` as
// PERFGATE_HOST_NOISE (<shape>:<scale %>[:<slowdown %>]), each process's
// seed the next line of `sequence`, behind the fault-injection switch.
inline std::string host_noise_environment(const std::string& noise, const std::filesystem::path& sequence) {
  return "PERFGATE_ALLOW_FAULT_INJECTION=1 PERFGATE_HOST_NOISE=" + noise +
         " PERFGATE_HOST_NOISE_SEQUENCE=" + shell_word(sequence.string());
}

}  // namespace perfgate::testing
