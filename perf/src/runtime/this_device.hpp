#pragma once

#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// The device a suite's results belong to: the CUDA device for a GPU suite
// when one is usable, this machine's CPU otherwise.
Fingerprint this_device(bool gpu_suite);

}  // namespace perfgate
