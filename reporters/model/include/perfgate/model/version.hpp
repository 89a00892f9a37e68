#pragma once
// The version of this perfgate: CMake's PROJECT_VERSION, defined once here
// for every program and report (`perfgate --version`, the results files'
// source.perfgate_version, the comparison's perfgate_version and the reports
// made from it).

namespace perfgate {

// "0.1.0".
const char* version();

}  // namespace perfgate
