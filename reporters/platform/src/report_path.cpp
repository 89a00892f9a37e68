#include "perfgate/platform/report_path.hpp"

namespace perfgate {
namespace fs = std::filesystem;
namespace {

bool inside(const fs::path& file, const fs::path& folder) {
  const fs::path relative = file.lexically_relative(folder);
  return !relative.empty() && *relative.begin() != "..";
}

fs::path absolute_normal(const fs::path& file) {
  std::error_code error;
  const fs::path absolute = fs::absolute(file, error);
  return (error ? file : absolute).lexically_normal();
}

bool regular_file(const fs::path& file) {
  std::error_code error;
  return fs::is_regular_file(file, error);
}

}  // namespace

std::optional<fs::path> project_of(const fs::path& file, const fs::path& project) {
  const fs::path absolute = absolute_normal(file);
  if (!project.empty() && inside(absolute, absolute_normal(project))) return absolute_normal(project);
  for (fs::path folder = absolute.parent_path(); !folder.empty(); folder = folder.parent_path()) {
    std::error_code error;
    if (fs::exists(folder / ".git", error)) return folder;
    if (folder == folder.root_path()) break;
  }
  return std::nullopt;
}

std::string report_path(const fs::path& file, const fs::path& project) {
  const std::string text = file.string();
  // Not a path: "this run", "<stdin>", "-", "(none)".
  if (text.empty() || text == "-" || text.front() == '<' || text.front() == '(' || text.find('/') == std::string::npos)
    return text;
  if (const auto root = project_of(file, project)) return absolute_normal(file).lexically_relative(*root).string();
  return file.filename().string();
}

std::optional<fs::path> find_reported_file(const std::string& name, const fs::path& from) {
  if (name.empty()) return std::nullopt;
  if (regular_file(name)) return fs::path(name);
  if (fs::path(name).is_absolute()) return std::nullopt;
  for (fs::path folder = absolute_normal(from).parent_path(); !folder.empty(); folder = folder.parent_path()) {
    if (regular_file(folder / name)) return folder / name;
    if (folder == folder.root_path()) break;
  }
  return std::nullopt;
}

}  // namespace perfgate
