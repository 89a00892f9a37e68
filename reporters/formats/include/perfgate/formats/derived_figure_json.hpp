#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "perfgate/model/derived_figure.hpp"

namespace perfgate {

// The "figures" array as results files and comparison JSON both write it:
// name, value (left out when absent), unit, formula, inputs, missing (only
// when set).
nlohmann::ordered_json figures_to_json(const std::vector<DerivedFigure>& figures);

}  // namespace perfgate
