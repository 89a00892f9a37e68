#pragma once
// Markdown that fits where it is posted: a GitHub comment holds 65,536
// characters, a GitLab note about 1 MB, and a summary that is cut off by the
// host loses its end without saying so.  A summary is built as parts, each
// with what it may become when room runs out; fit_markdown() joins them
// within a byte budget and says what it left out.

#include <cstddef>
#include <string>
#include <vector>

namespace perfgate {

// 60,000 bytes: a GitHub comment's 65,536 characters with room for what a
// CI job adds around the summary (a byte is at most one character).
inline constexpr std::size_t kMarkdownMaxBytes = 60000;

struct MarkdownPart {
  enum class Kind {
    essential,     // headlines and regressions: kept, cut only as a last resort
    detail,        // becomes `reduced` (often nothing) when the budget needs its room
    folded_table,  // a collapsed per-case table: the first to go
  };
  Kind kind = Kind::essential;
  std::string text;
  std::string reduced;  // a detail's shorter form; a folded table's is always empty
};

// The parts joined, at most `max_bytes` long.  When they do not fit, the
// folded tables are left out first (largest first), then details become
// their reduced form (largest saving first), and as a last resort the text
// is cut at a line end.  A note placed after part `note_after` (the
// headline) says what went: "7 tables left out to fit 60,000 bytes; the
// full report is in the artifact."
std::string fit_markdown(std::vector<MarkdownPart> parts, std::size_t max_bytes, std::size_t note_after = 0);

// 60000 -> "60,000".
std::string with_thousands(std::size_t value);

}  // namespace perfgate
