#pragma once
// What kind of run the history stores (issue 26: declared once for every
// front end: the suite binary's --perfgate_history_kind, perfgate run's
// --history-kind, perfgate history ingest's --kind).  Only main runs form a
// series' trend; pr and ab runs are kept beside it.

#include <array>
#include <string>

namespace perfgate {

inline constexpr std::array<const char*, 3> kRunKinds = {"main", "pr", "ab"};

// InputError "<where>=<kind>: expected main, pr or ab" for any other kind.
void require_run_kind(const std::string& kind, const std::string& where);

}  // namespace perfgate
