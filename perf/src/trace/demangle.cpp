#include "trace/demangle.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <cstring>
#include <memory>

namespace perfgate::trace {
namespace {

// __cxa_demangle also accepts bare type encodings, so "i" would come back as
// "int" and "f" as "float": only symbols, which start with "_Z", are tried.
bool is_mangled_symbol(const char* name) { return std::strncmp(name, "_Z", 2) == 0; }

}  // namespace

std::string demangle(const char* name) {
  if (name == nullptr) return "";
  if (!is_mangled_symbol(name)) return name;
  int status = 0;
  const std::unique_ptr<char, decltype(&std::free)> demangled(
      abi::__cxa_demangle(name, nullptr, nullptr, &status), &std::free);
  if (status != 0 || demangled == nullptr) return name;
  return demangled.get();
}

}  // namespace perfgate::trace
