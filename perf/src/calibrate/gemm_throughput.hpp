#pragma once

#include <optional>

#include <cuda_runtime_api.h>

#include "calibrate/calibrate_device.hpp"

namespace perfgate::calibration {

// The compute ceiling of one precision: cuBLAS n x n x n GEMM on random
// data, 2 n^3 FLOP per call.  FP64, FP32 (no TF32), TF32, FP16 and BF16
// through cublasGemmEx with FP32 accumulation (FP64 for FP64); FP8 (e4m3
// inputs, BF16 output) through cublasLtMatmul, where the chip has it.
// nullopt when cuBLAS has no kernel for the precision on this device.
std::optional<CeilingMeasurement> measure_gemm_throughput(Precision precision, const CalibrationSettings& settings,
                                                          cudaStream_t stream);

}  // namespace perfgate::calibration
