#pragma once
// The one reader of comparison files, what comparison_to_json wrote (schema
// perfgate/comparison, model/comparison_schema.hpp): `perfgate report`
// makes one page of a whole gate run from the comparison files its suites
// left, and `perfgate history ingest` stores their verdicts.

#include <string>

#include "perfgate/gate/comparison.hpp"

namespace perfgate {

// The comparison in `text`; its exit code into *exit_code when given.
// What the file derives from the rest (summary, counts, change_pct, the
// environment-shift message, throttling) is not read back: the writers
// derive it again.  InputError("ORIGIN: problem") on anything else than a
// comparison JSON of this schema and version.
Comparison comparison_from_json(const std::string& text, const std::string& origin, int* exit_code = nullptr);

}  // namespace perfgate
