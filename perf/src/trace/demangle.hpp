#pragma once
// Kernel names as people wrote them: CUPTI reports the mangled symbol.

#include <string>

namespace perfgate::trace {

// The demangled form of an Itanium-ABI symbol ("_Z..."); any other name,
// or one that fails to demangle, comes back unchanged.  Null gives "".
std::string demangle(const char* name);

}  // namespace perfgate::trace
