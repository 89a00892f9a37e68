// main() for suite binaries (perfgate::main).  Google Benchmark's own main
// always returns 0; this one returns the gate's verdict.
#include "main/gate_run.hpp"

int main(int argc, char** argv) { return perfgate::run_main(argc, argv); }
