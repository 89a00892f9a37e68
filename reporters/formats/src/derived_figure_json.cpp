#include "perfgate/formats/derived_figure_json.hpp"

#include <cmath>

namespace perfgate {

nlohmann::ordered_json figures_to_json(const std::vector<DerivedFigure>& figures) {
  nlohmann::ordered_json array = nlohmann::ordered_json::array();
  for (const DerivedFigure& f : figures) {
    nlohmann::ordered_json j;
    j["name"] = f.name;
    // JSON has no NaN or Infinity: a value that is not finite is no value.
    if (f.value && std::isfinite(*f.value)) j["value"] = *f.value;
    j["unit"] = f.unit;
    j["formula"] = f.formula;
    j["inputs"] = f.inputs;
    if (f.missing) j["missing"] = *f.missing;
    array.push_back(std::move(j));
  }
  return array;
}

}  // namespace perfgate
