#pragma once
// The one form of every database error: "<database>: <engine message>", on
// one line, as an InputError (exit code 2).

#include <string>

namespace perfgate::sql {

// `message` with its line breaks and tabs turned into single spaces and the
// blanks at its ends removed: engines write several lines (PostgreSQL's
// "LINE 1: ..." and its hints), and an error here is one line.
std::string one_line(const std::string& message);

// The first line of `message`, trimmed: libpq's connection failures put the
// cause first and advice after it.
std::string first_line(const std::string& message);

[[noreturn]] void throw_database_error(const std::string& database, const std::string& message);

}  // namespace perfgate::sql
