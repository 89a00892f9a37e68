#pragma once
// A test-only case of the host suite whose times are drawn from a noise of
// known shape (perfgate/stats/noise_model.hpp), so that the end-to-end tests
// can check what the live gate decides under that noise: registered only
// when the fault switch PERFGATE_HOST_NOISE=<shape>:<scale %>[:<slowdown %>]
// is set (with PERFGATE_ALLOW_FAULT_INJECTION=1), e.g. "heavy-tailed:10:40",
// as "host/noise/<shape>": 1 ms times the noise times (1 + slowdown), in
// manual time, so that what the machine does meanwhile cannot move it.
//
// PERFGATE_HOST_NOISE_SEQUENCE=FILE makes the draws repeatable: each process
// that runs the case takes its seed from FILE (a number, 0 when the file is
// empty or missing) and writes the next one there, so that a test's baseline
// rounds, run and re-measurement rounds draw seeds 0, 1, 2, ... in order.
// Without it the seed is random.

namespace perfgate::host {

// Registers the case when the switch asks for it; a malformed value is
// refused (InputError) when the case first runs.
void register_injected_noise_case();

}  // namespace perfgate::host
