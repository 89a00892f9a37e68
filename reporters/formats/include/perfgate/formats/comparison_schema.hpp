#pragma once
// The comparison JSON's schema name and version, in one place: the writer
// (reporters/reports) and every reader (perfgate report's, history ingest's
// verdict records) agree on them.

namespace perfgate {

inline constexpr const char* kComparisonSchema = "perfgate/comparison";
inline constexpr int kComparisonSchemaVersion = 1;

}  // namespace perfgate
