#pragma once
// The suite's name, which names its files (<suite>.results.json, the
// baseline): --perfgate_suite, else the name the suite was built with, else
// the program's file name without "perf_".

#include <string>

#include "main/main_options.hpp"

namespace perfgate {

// Checked like --perfgate_suite also when it comes from `argv0`: InputError
// for a name that could not be part of a path.
std::string suite_name(const MainOptions& options, const std::string& argv0);

}  // namespace perfgate
