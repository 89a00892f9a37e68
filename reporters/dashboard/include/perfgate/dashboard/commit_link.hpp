#pragma once
// Commits as links (`perfgate history report --commit-url`): a template such
// as https://host/org/repo/commit/{commit}, each {commit} replaced by the
// commit percent-encoded.  Without a template, commits are plain text.

#include <string>

namespace perfgate::dashboard {

inline constexpr const char* kCommitPlaceholder = "{commit}";

class CommitLink {
 public:
  CommitLink() = default;  // no template: no links

  // The template checked: http:// or https://, a host, at least one
  // {commit}, no space, control character, quote, '<', '>', '\\' or '`'.
  // InputError naming --commit-url and the problem otherwise.
  static CommitLink from_template(const std::string& url_template);

  bool enabled() const { return !template_.empty(); }
  const std::string& url_template() const { return template_; }

  // The commit's URL; empty when there is no template.
  std::string url(const std::string& commit) const;

  // <a href="URL">text</a>, or the text alone without a template (escaped).
  std::string html(const std::string& commit, const std::string& text) const;

 private:
  std::string template_;
};

// Every byte outside RFC 3986's unreserved A-Z a-z 0-9 - . _ ~ as %XX
// (assets/dashboard.js encodes the charts' links the same way).
std::string percent_encode(const std::string& text);

}  // namespace perfgate::dashboard
