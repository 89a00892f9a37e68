#include "database_error.hpp"

#include <perfgate/platform/errors.hpp>
#include <perfgate/platform/secret_redaction.hpp>

namespace perfgate::sql {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string trimmed(const std::string& text) {
  std::size_t begin = 0;
  std::size_t end = text.size();
  while (begin < end && is_blank(text[begin])) ++begin;
  while (end > begin && is_blank(text[end - 1])) --end;
  return text.substr(begin, end - begin);
}

}  // namespace

std::string one_line(const std::string& message) {
  std::string line;
  for (char c : trimmed(message)) {
    if (!is_blank(c)) {
      line += c;
    } else if (!line.empty() && line.back() != ' ') {
      line += ' ';
    }
  }
  return line;
}

std::string first_line(const std::string& message) {
  const std::string text = trimmed(message);
  return one_line(text.substr(0, text.find('\n')));
}

void throw_database_error(const std::string& database, const std::string& message) {
  // printable_text: a message can quote the statement, and statements can
  // carry text from results files.
  throw InputError(printable_text(redact_secrets(database + ": " + one_line(message))));
}

}  // namespace perfgate::sql
