#pragma once

#include <nlohmann/json.hpp>

#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// The fingerprint as the results schema writes it (GPU-only fields only for
// a GPU), for results files and `perfgate device --json` alike.
nlohmann::ordered_json fingerprint_to_json(const Fingerprint& fingerprint);

// The fingerprint of JSON text fingerprint_to_json() wrote (the history keeps
// each testbed's so); InputError naming `origin` when it is not one.
Fingerprint fingerprint_from_json_text(const std::string& text, const std::string& origin);

}  // namespace perfgate
