// A device calibration (device.json): reading, validating and writing it.

#include "perfgate/formats/device_calibration.hpp"

#include <set>

#include <nlohmann/json.hpp>

#include "json_reader.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/formats/fingerprint_json.hpp"
#include "perfgate/formats/schema_migration.hpp"
#include "perfgate/stats/summary.hpp"

namespace perfgate {
namespace {

using detail::Json;

bool known_ceiling(const std::string& name) { return name == "memory" || precision_from_string(name).has_value(); }

CeilingMeasurement read_measurement(const Json& j, std::size_t index, const std::string& origin) {
  const ObjectReader r(j, origin, "measurements[" + std::to_string(index) + "]");
  CeilingMeasurement m;
  m.ceiling = r.string("ceiling", true);
  if (!known_ceiling(m.ceiling))
    r.fail("names an unknown ceiling " + quote_text(m.ceiling) + " (memory, fp64, fp32, tf32, fp16, bf16 or fp8)");
  m.method = r.string("method");
  m.work_per_call = r.number("work_per_call", 0.0, true);
  if (!(m.work_per_call > 0)) r.fail("'work_per_call' must be positive");
  m.samples = detail::read_samples(r);
  if (m.samples.empty()) r.fail("has no samples");
  if (stats::median(m.samples) <= 0) r.fail("has a median time of zero");
  return m;
}

DeviceCalibration read_calibration(const Json& doc, const std::string& origin) {
  const ObjectReader r(doc, origin, "");
  DeviceCalibration c;
  c.created_utc = r.string("created_utc");
  c.fingerprint = detail::read_fingerprint(r.require("fingerprint"), origin);
  if (c.fingerprint.kind != DeviceKind::gpu) r.fail("fingerprint: a device calibration is for a GPU, not a " + std::string(to_string(c.fingerprint.kind)));
  const Json& measurements = r.require("measurements");
  if (!measurements.is_array()) r.fail("'measurements' is not an array");
  std::set<std::string> seen;
  for (std::size_t i = 0; i < measurements.size(); ++i) {
    CeilingMeasurement m = read_measurement(measurements[i], i, origin);
    if (!seen.insert(m.ceiling).second) r.fail("ceiling " + quote_text(m.ceiling) + " is measured more than once");
    c.measurements.push_back(std::move(m));
  }
  return c;
}

double rounded(double value) { return static_cast<double>(static_cast<long long>(value * 1000.0 + 0.5)) / 1000.0; }

}  // namespace

Ceilings DeviceCalibration::ceilings() const {
  Ceilings c;
  c.source = CeilingSource::measured;
  for (const CeilingMeasurement& m : measurements) {
    const double rate = m.work_per_call / stats::median(m.samples);
    if (m.ceiling == "memory") c.memory_bytes_per_s = rate;
    else if (auto p = precision_from_string(m.ceiling)) c.flops_per_s[*p] = rate;
  }
  return c;
}

DeviceCalibration parse_device_calibration(const std::string& text, const std::string& origin) {
  Json doc = detail::parse_json(text, origin);
  if (!doc.is_object()) throw InputError(origin + ": is not a JSON object");
  const auto schema = doc.find("schema");
  if (schema == doc.end() || *schema != kDeviceSchema)
    throw InputError(origin + ": not a perfgate device calibration (no \"schema\": \"" + kDeviceSchema + "\")");
  doc = migrate_results(std::move(doc), kDeviceSchemaVersion, {}, origin);
  return read_calibration(doc, origin);
}

DeviceCalibration load_device_calibration(const std::filesystem::path& file) {
  return parse_device_calibration(detail::read_input_file(file), file.string());
}

std::string device_calibration_to_json(const DeviceCalibration& calibration) {
  nlohmann::ordered_json j;
  j["schema"] = kDeviceSchema;
  j["schema_version"] = kDeviceSchemaVersion;
  j["created_utc"] = calibration.created_utc;
  j["fingerprint"] = fingerprint_to_json(calibration.fingerprint);
  // For readers only: the loader recomputes these from the samples.
  const Ceilings ceilings = calibration.ceilings();
  nlohmann::ordered_json summary;
  if (ceilings.memory()) summary["memory_GB/s"] = rounded(*ceilings.memory() / 1e9);
  for (Precision p : kAllPrecisions)
    if (auto f = ceilings.flops(p)) summary[std::string(to_string(p)) + "_TFLOP/s"] = rounded(*f / 1e12);
  j["ceilings"] = summary;
  nlohmann::ordered_json measurements = nlohmann::ordered_json::array();
  for (const CeilingMeasurement& m : calibration.measurements)
    measurements.push_back({{"ceiling", m.ceiling}, {"method", m.method}, {"work_per_call", m.work_per_call},
                            {"median_s", stats::median(m.samples)}, {"samples", m.samples}});
  j["measurements"] = measurements;
  return j.dump(2) + "\n";
}

void save_device_calibration(const DeviceCalibration& calibration, const std::filesystem::path& file) {
  write_file_atomically(file, device_calibration_to_json(calibration));
}

}  // namespace perfgate
