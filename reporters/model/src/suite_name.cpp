#include "perfgate/model/suite_name.hpp"

#include <filesystem>

#include "perfgate/platform/errors.hpp"

namespace perfgate {
namespace {

// A file name ("<suite>.comparison.json") stays well under NAME_MAX (255).
constexpr std::size_t kMaxSuiteName = 128;

bool letter_or_digit(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

}  // namespace

std::optional<std::string> suite_name_problem(std::string_view name) {
  if (name.empty()) return "is empty";
  if (name.size() > kMaxSuiteName) return "is longer than " + std::to_string(kMaxSuiteName) + " bytes";
  for (char c : name)
    if (!letter_or_digit(c) && c != '_' && c != '.' && c != '-')
      return "must use only letters, digits, '_', '.' and '-' (it names files)";
  if (name == "." || name == "..") return "is '" + std::string(name) + "', which names a folder";
  return std::nullopt;
}

std::optional<std::string> device_slug_problem(std::string_view slug) {
  if (slug.empty()) return "is empty";
  if (slug.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string_view::npos)
    return "is not made of [a-z0-9-] (it names a baseline folder)";
  return std::nullopt;
}

void require_suite_name(std::string_view name, const std::string& where, const char* what) {
  if (const auto problem = suite_name_problem(name))
    throw InputError(where + ": " + what + " " + quote_text(std::string(name)) + " " + *problem);
}

void require_device_slug(std::string_view slug, const std::string& where) {
  if (const auto problem = device_slug_problem(slug))
    throw InputError(where + ": device slug " + quote_text(std::string(slug)) + " " + *problem);
}

namespace {

std::string sanitized_suite_name(std::string name) {
  for (char& c : name)
    if (!letter_or_digit(c) && c != '_' && c != '.' && c != '-') c = '_';
  if (name.size() > kMaxSuiteName) name.resize(kMaxSuiteName);
  return suite_name_problem(name) ? "imported" : name;
}

// "C:\\bench\\Release\\echo.exe" -> "echo": written on Windows, read anywhere.
std::string program_base_name(const std::string& program) {
  const std::size_t separator = program.find_last_of("/\\");
  std::string name = separator == std::string::npos ? program : program.substr(separator + 1);
  const std::string exe = ".exe";
  if (name.size() > exe.size()) {
    std::string tail = name.substr(name.size() - exe.size());
    for (char& c : tail) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (tail == exe) name.resize(name.size() - exe.size());
  }
  return name;
}

}  // namespace

std::string suite_name_from_file(const std::string& path) {
  return sanitized_suite_name(std::filesystem::path(path).stem().string());
}

std::string imported_suite_name(const std::string& program, const std::string& file) {
  const std::string base = program_base_name(program);
  return base.empty() ? suite_name_from_file(file) : sanitized_suite_name(base);
}

}  // namespace perfgate
