#pragma once

#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// The device a suite's results belong to: the CUDA device for a GPU suite
// when one is usable, this machine's CPU otherwise.  A suite that may use
// `gpus` GPUs runs on min(gpus, visible GPUs) of them: with more than one,
// the fingerprint lists each and its slug ends in "-x<N>".
Fingerprint this_device(bool gpu_suite, int gpus = 1);

}  // namespace perfgate
