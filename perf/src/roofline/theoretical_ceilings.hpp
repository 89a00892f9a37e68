#pragma once
// Ceilings from a device's attributes, before anything was measured.

#include "perfgate/model/ceilings.hpp"
#include "perfgate/model/fingerprint.hpp"

namespace perfgate {

// Memory bandwidth in bytes/s: 2 (double data rate) x memory clock x bus
// width / 8, as nvbench and the datasheets compute it.
double theoretical_memory_bandwidth(int memory_bus_bits, int max_memory_clock_mhz);

// Per precision: SM count x max SM clock x flops_per_sm_per_clock; memory as
// above.  Labelled theoretical.  Datasheets quote some tensor rates at a
// lower boost clock than the maximum (H100 SXM: 1830 MHz against 1980), so
// these can sit above them; a calibration replaces them.
Ceilings theoretical_ceilings(const Fingerprint& device);

}  // namespace perfgate
