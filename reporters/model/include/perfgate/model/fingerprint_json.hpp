#pragma once

#include <nlohmann/json.hpp>

#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// The fingerprint as the results schema writes it (GPU-only fields only for
// a GPU), for results files and `perfgate device --json` alike.
nlohmann::ordered_json fingerprint_to_json(const Fingerprint& fingerprint);

}  // namespace perfgate
