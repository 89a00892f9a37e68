#pragma once
// PostgreSQL numbers its parameters ($1, $2, ...) where SQLite and the
// history store's statements use `?`.

#include <string>

namespace perfgate::sql {

struct NumberedStatement {
  std::string text;  // every placeholder `?` replaced by $1, $2, ... in order
  int count = 0;     // how many there were
};

// Replaces each `?` that is a placeholder, leaving alone the ones inside
// '...' strings (E'...' with its backslash escapes), "..." identifiers,
// $tag$...$tag$ strings, -- and /* */ comments.  The shared SQL uses none of
// PostgreSQL's `?` operators (jsonb), which could not be told apart.
NumberedStatement number_placeholders(const std::string& statement);

}  // namespace perfgate::sql
