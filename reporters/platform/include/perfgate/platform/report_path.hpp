#pragma once
// How a report names a file.  Reports (comparison JSON, JUnit, Markdown,
// HTML, the console table a CI log keeps) are read on other machines, where a
// runner's absolute paths mean nothing and tell who ran it where: a file is
// named relative to the project that holds it, else by its name.

#include <filesystem>
#include <optional>
#include <string>

namespace perfgate {

// The project that holds `file`: `project` when given and `file` lies inside
// it, else the nearest folder above `file` with a `.git` (a work tree or a
// submodule); nullopt when there is none.
std::optional<std::filesystem::path> project_of(const std::filesystem::path& file,
                                                const std::filesystem::path& project = {});

// `file` relative to project_of(file, project) ("baselines/cpu-amd-epyc/host.json"),
// else its file name ("base.json"); "-" and other names that are not paths
// ("this run", "<stdin>") as they are.
std::string report_path(const std::filesystem::path& file, const std::filesystem::path& project = {});

// Where a file that a report names (report_path) lies, seen from the report
// file `from`: the name as it is (from the working folder), else below each
// folder above `from`; nullopt when none is a regular file.
std::optional<std::filesystem::path> find_reported_file(const std::string& name, const std::filesystem::path& from);

}  // namespace perfgate
