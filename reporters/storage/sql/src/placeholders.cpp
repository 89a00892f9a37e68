#include "placeholders.hpp"

#include <cctype>
#include <cstddef>

namespace perfgate::sql {
namespace {

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The end (one past) of the quoted text opening at `at` with `quote`; a
// doubled quote stands for itself, and in an E'...' string so does \'.
std::size_t quoted_end(const std::string& s, std::size_t at, char quote, bool backslash_escapes) {
  for (std::size_t i = at + 1; i < s.size(); ++i) {
    if (backslash_escapes && s[i] == '\\') {
      ++i;
    } else if (s[i] == quote) {
      if (i + 1 < s.size() && s[i + 1] == quote) {
        ++i;
      } else {
        return i + 1;
      }
    }
  }
  return s.size();  // unterminated: the server reports it
}

// The tag ("$", "$name$") of a dollar quote opening at `at`, or "" when the
// `$` there opens none ($1 is a parameter, not a quote).
std::string dollar_tag(const std::string& s, std::size_t at) {
  std::size_t i = at + 1;
  if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) != 0) return "";
  while (i < s.size() && s[i] != '$' && is_identifier_char(s[i])) ++i;
  if (i >= s.size() || s[i] != '$') return "";
  return s.substr(at, i + 1 - at);
}

std::size_t block_comment_end(const std::string& s, std::size_t at) {
  // PostgreSQL's block comments nest.
  int depth = 0;
  for (std::size_t i = at; i + 1 < s.size(); ++i) {
    if (s[i] == '/' && s[i + 1] == '*') {
      ++depth;
      ++i;
    } else if (s[i] == '*' && s[i + 1] == '/') {
      ++i;
      if (--depth == 0) return i + 1;
    }
  }
  return s.size();
}

// Where the literal, identifier or comment starting at `at` ends, or `at`
// itself when none starts there.
std::size_t skip_quoted(const std::string& s, std::size_t at) {
  const char c = s[at];
  const bool after_word = at > 0 && is_identifier_char(s[at - 1]);
  if (c == '\'') {
    const bool escape_string =
        after_word && (s[at - 1] == 'E' || s[at - 1] == 'e') && (at < 2 || !is_identifier_char(s[at - 2]));
    return quoted_end(s, at, '\'', escape_string);
  }
  if (c == '"') return quoted_end(s, at, '"', false);
  if (c == '-' && at + 1 < s.size() && s[at + 1] == '-') {
    const std::size_t newline = s.find('\n', at);
    return newline == std::string::npos ? s.size() : newline;
  }
  if (c == '/' && at + 1 < s.size() && s[at + 1] == '*') return block_comment_end(s, at);
  if (c == '$' && !after_word) {
    const std::string tag = dollar_tag(s, at);
    if (tag.empty()) return at;
    const std::size_t close = s.find(tag, at + tag.size());
    return close == std::string::npos ? s.size() : close + tag.size();
  }
  return at;
}

}  // namespace

NumberedStatement number_placeholders(const std::string& statement) {
  NumberedStatement numbered;
  numbered.text.reserve(statement.size() + 8);
  std::size_t at = 0;
  while (at < statement.size()) {
    const std::size_t end = skip_quoted(statement, at);
    if (end > at) {
      numbered.text.append(statement, at, end - at);
      at = end;
    } else if (statement[at] == '?') {
      numbered.text += '$' + std::to_string(++numbered.count);
      ++at;
    } else {
      numbered.text += statement[at++];
    }
  }
  return numbered;
}

}  // namespace perfgate::sql
