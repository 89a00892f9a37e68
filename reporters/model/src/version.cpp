#include "perfgate/model/version.hpp"

// Only this file is compiled with the version (reporters/model/CMakeLists.txt),
// so a version bump rebuilds one file.
#ifndef PERFGATE_VERSION
#error "PERFGATE_VERSION must be defined (CMake's PROJECT_VERSION)"
#endif

namespace perfgate {

const char* version() { return PERFGATE_VERSION; }

}  // namespace perfgate
