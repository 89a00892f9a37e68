#pragma once
// Free text from an input (a case's error or skip message, a gate reason, a
// counter's label, a comparison's reasons and notes) is cut to a bound where
// it is read, so that one 5 MB message never becomes 25 MB of JUnit, a
// console line no log shows, or the same text in every report (issue 41).
// The cut is said in the text itself, and a cut text is not cut again: the
// result is at most kMaxTextBytes, so a file written and read back is the
// same file.

#include <cstddef>
#include <string>

namespace perfgate {

struct Results;

// Far above any message a library or a person writes (a CUDA error, an
// exception's what(), a skip reason): 4 KiB.
inline constexpr std::size_t kMaxTextBytes = 4096;

// `text` when it is at most kMaxTextBytes; else its start (whole UTF-8
// characters) and " [... cut: N bytes in all]", kMaxTextBytes at most.
std::string cut_long_text(std::string text);

// Every free-text field of `results` cut so.
void cut_long_texts(Results& results);

}  // namespace perfgate
