#include "perfgate/platform/shell_command.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>

namespace perfgate {
namespace {

bool is_bare(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::strchr("_@%+:,./-", c) != nullptr;  // not '=': a first word x=y would be an assignment
}

bool is_printable_ascii(char c) { return c >= 0x20 && c <= 0x7e; }

bool all_bare(const std::string& word) {
  for (const char c : word)
    if (!is_bare(c)) return false;
  return !word.empty();
}

// A blank run would shrink to one blank in HTML, a byte outside ASCII be
// rewritten by a writer (a bidi control, a newline in a one-line code span).
bool needs_escapes(const std::string& word) {
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (!is_printable_ascii(word[i])) return true;
    if (word[i] == ' ' && i + 1 < word.size() && word[i + 1] == ' ') return true;
  }
  return false;
}

std::string single_quoted(const std::string& word) {
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string dollar_quoted(const std::string& word) {
  std::string quoted = "$'";
  for (const char c : word) {
    if (c == '\'' || c == '\\') {
      quoted += '\\';
      quoted += c;
    } else if (is_printable_ascii(c) && c != ' ') {
      quoted += c;
    } else {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      quoted += escape;
    }
  }
  return quoted + "'";
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// One $'...' escape at text[at] (just after the backslash): the bytes it
// stands for and where it ends; nullopt for one shell_word never writes.
std::optional<std::pair<std::string, std::size_t>> dollar_escape(const std::string& text, std::size_t at) {
  if (at >= text.size()) return std::nullopt;
  const char c = text[at];
  if (c == '\'' || c == '\\' || c == '"') return std::pair{std::string(1, c), at + 1};
  if (c == 'n') return std::pair{std::string("\n"), at + 1};
  if (c == 't') return std::pair{std::string("\t"), at + 1};
  if (c == 'x' && at + 2 < text.size() && hex_value(text[at + 1]) >= 0 && hex_value(text[at + 2]) >= 0)
    return std::pair{std::string(1, static_cast<char>(hex_value(text[at + 1]) * 16 + hex_value(text[at + 2]))), at + 3};
  return std::nullopt;
}

// The quoted split, or nullopt where the text is not in that form.
std::optional<std::vector<std::string>> quoted_words(const std::string& text) {
  std::vector<std::string> words;
  std::optional<std::string> word;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (word) words.push_back(*word);
      word.reset();
      ++i;
    } else if (c == '\'') {
      const std::size_t end = text.find('\'', i + 1);
      if (end == std::string::npos) return std::nullopt;
      word = word.value_or("") + text.substr(i + 1, end - i - 1);
      i = end + 1;
    } else if (c == '$' && i + 1 < text.size() && text[i + 1] == '\'') {
      std::string part;
      for (i += 2; i < text.size() && text[i] != '\''; ) {
        if (text[i] != '\\') {
          part += text[i++];
          continue;
        }
        const auto escape = dollar_escape(text, i + 1);
        if (!escape) return std::nullopt;
        part += escape->first;
        i = escape->second;
      }
      if (i >= text.size()) return std::nullopt;
      word = word.value_or("") + part;
      ++i;
    } else if (c == '\\') {
      if (i + 1 >= text.size()) return std::nullopt;
      word = word.value_or("") + text[i + 1];
      i += 2;
    } else {
      word = word.value_or("") + c;
      ++i;
    }
  }
  if (word) words.push_back(*word);
  return words;
}

}  // namespace

std::string shell_word(const std::string& word) {
  if (all_bare(word)) return word;
  return needs_escapes(word) ? dollar_quoted(word) : single_quoted(word);
}

std::string shell_command(const std::vector<std::string>& argv) {
  std::string command;
  for (const std::string& arg : argv) {
    if (!command.empty()) command += ' ';
    const std::size_t equals = arg.find('=');
    const bool flag_with_value = arg.rfind("--", 0) == 0 && equals != std::string::npos && equals + 1 < arg.size() &&
                                 all_bare(arg.substr(0, equals));
    command += flag_with_value ? arg.substr(0, equals + 1) + shell_word(arg.substr(equals + 1)) : shell_word(arg);
  }
  return command;
}

std::vector<std::string> shell_words(const std::string& command) {
  if (auto words = quoted_words(command)) return *words;
  std::vector<std::string> words;
  for (std::size_t at = 0; at < command.size();) {
    const std::size_t end = std::min(command.find(' ', at), command.size());
    if (end > at) words.push_back(command.substr(at, end - at));
    at = end + 1;
  }
  return words;
}

}  // namespace perfgate
