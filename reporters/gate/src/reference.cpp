#include "perfgate/gate/reference.hpp"

namespace perfgate {

const char* to_string(ReferenceKind kind) {
  switch (kind) {
    case ReferenceKind::stored: return "stored";
    case ReferenceKind::history: return "history";
    case ReferenceKind::build: return "build";
    case ReferenceKind::none: break;
  }
  return "none";
}

std::optional<ReferenceKind> reference_kind_from_string(const std::string& text) {
  for (ReferenceKind kind : {ReferenceKind::none, ReferenceKind::stored, ReferenceKind::history, ReferenceKind::build})
    if (text == to_string(kind)) return kind;
  return std::nullopt;
}

std::string short_commit(const std::string& commit) { return commit.substr(0, 7); }

Reference stored_reference(const std::string& file, const std::string& commit) {
  return {ReferenceKind::stored, file, commit, "", ""};
}

Reference history_reference(const std::string& description, const std::string& newest_commit) {
  // "history: last 5 main runs ..." reads as "against the last 5 main runs ...".
  const std::string prefix = "history: ";
  std::string name = description.rfind(prefix, 0) == 0 ? "the " + description.substr(prefix.size()) : description;
  return {ReferenceKind::history, std::move(name), newest_commit, "", ""};
}

Reference build_reference(const std::string& commit, const std::string& reference_build,
                          const std::string& candidate_build, bool elsewhere) {
  const std::string what = commit.empty() ? "the reference build" : short_commit(commit);
  std::string name = elsewhere ? what + ", built in " + reference_build + ", measured on this runner"
                               : what + ", built on this runner";
  return {ReferenceKind::build, std::move(name), commit, reference_build, candidate_build};
}

Reference binary_reference(const std::string& binary, const std::string& commit) {
  std::string name = binary + (commit.empty() ? "" : " (" + short_commit(commit) + ")") + ", measured on this runner";
  return {ReferenceKind::build, std::move(name), commit, binary, ""};
}

Reference no_reference(const std::string& why) { return {ReferenceKind::none, "(none: " + why + ")", "", "", ""}; }

bool measured_alongside(const Reference& reference) { return reference.kind == ReferenceKind::build; }

}  // namespace perfgate
