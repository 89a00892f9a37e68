#pragma once
// UTF-8 checks shared by the name validator and the writers.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace perfgate {

// Decodes the well-formed UTF-8 sequence at text[i] (no overlong forms, no
// surrogates, nothing above U+10FFFF).  Returns its length and sets
// *code_point, or returns 0 when the bytes there are not valid UTF-8.
std::size_t decode_utf8(std::string_view text, std::size_t i, std::uint32_t* code_point);

// Characters that make a text look other than it is: C1 controls, the
// bidirectional controls (U+202E turns "BM_gemm_fp16" into what reads as
// another name), zero-width and invisible ones (two names that look
// identical), and the byte-order mark.  What the character is ("a
// bidirectional control character"), or nullptr for any other.  Names
// holding one are refused at load; messages escape them (printable_text).
const char* invisible_or_bidi(std::uint32_t code_point);

// `text` with every invalid byte replaced by U+FFFD.
std::string valid_utf8(std::string_view text);

}  // namespace perfgate
