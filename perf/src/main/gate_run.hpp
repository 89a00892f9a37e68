#pragma once

namespace perfgate {

// The whole life of a suite binary: read the --perfgate_* flags, hand the
// rest to Google Benchmark, run the cases, then (by mode) record results,
// or compare with the baseline, re-measure suspected regressions, report,
// and return the exit code (0 pass, 1 regression, 2 error, 77 all skipped).
int run_main(int argc, char** argv);

}  // namespace perfgate
