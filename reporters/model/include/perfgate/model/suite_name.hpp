#pragma once
// Names that become parts of a path: a suite name (`<suite>.json`,
// `<suite>.results.json`) and a device slug (`baselines/<slug>/`).  They come
// from results files, which may be a fork's CI artifacts, and from flags and
// the environment; checked where they enter, a name can never point outside
// its folder or into another device's baselines.

#include <optional>
#include <string>
#include <string_view>

namespace perfgate {

// Why `name` cannot be a suite name, or nullopt when it can.  The rule of
// perfgate_add_suite() (cmake/PerfgateAddSuite.cmake): letters, digits, '_',
// '.' and '-'; and not "." or "..", at most 128 bytes.
std::optional<std::string> suite_name_problem(std::string_view name);

// Why `slug` cannot name a device's baseline folder: it must be made of
// [a-z0-9-] (what slugify() makes) and not be empty.
std::optional<std::string> device_slug_problem(std::string_view slug);

// InputError "<where>: suite '<name>' <problem>" (name escaped) when the suite
// name is unusable; `where` names the file or flag it came from, `what` the
// kind of name ("testbed": a testbed's name follows the same rule).
void require_suite_name(std::string_view name, const std::string& where, const char* what = "suite");

// The same for a device slug.
void require_device_slug(std::string_view slug, const std::string& where);

// The suite of a file another tool wrote (Google Benchmark, NVBench JSON) is
// the program that wrote it, so that `bench-<sha>.json` files of one program
// make one suite: `program` (Google Benchmark's context.executable, NVBench's
// meta.argv[0]) by its base name, either separator, a Windows ".exe" left
// off; the file's name without its extension only when the file names no
// program.  Every character the rule does not allow becomes '_', the name is
// cut to the rule's length ("imported" when nothing is left), so that such a
// file can be promoted like a results file.
std::string imported_suite_name(const std::string& program, const std::string& file);
std::string suite_name_from_file(const std::string& path);

}  // namespace perfgate
