#pragma once
// A measurement's samples as one text value (schema 3): each sample the
// shortest decimal that reads back to the same double, in the order they
// were taken, separated by one space.  One row a measurement instead of one
// a sample: an ingest wrote two B-tree entries a sample, most of its time.
// Exact on both engines (neither rounds a text), and readable with SQL.

#include <string>
#include <string_view>
#include <vector>

namespace perfgate::history {

std::string samples_to_text(const std::vector<double>& samples);

// Throws InputError("WHERE: ...") for text that is not such a list.
std::vector<double> samples_from_text(std::string_view text, const std::string& where);

}  // namespace perfgate::history
