#pragma once
// Commits as links (`perfgate history report --commit-url`): a template such
// as https://host/org/repo/commit/{commit}, each {commit} replaced by the
// commit percent-encoded.  Without a template, commits are plain text.
// A change's commit range as a link (--compare-url): a template such as
// https://host/org/repo/compare/{from}...{to}, from the last run before the
// change to its first run at the new level.

#include <string>
#include <utility>

namespace perfgate::dashboard {

inline constexpr const char* kCommitPlaceholder = "{commit}";
inline constexpr const char* kFromPlaceholder = "{from}";
inline constexpr const char* kToPlaceholder = "{to}";

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

class CompareLink {
 public:
  CompareLink() = default;  // no template: no links

  // Checked as CommitLink's, with {from} and {to} both required (naming --compare-url).
  static CompareLink from_template(const std::string& url_template);

  bool enabled() const { return !template_.empty(); }

  // The range's URL; empty when there is no template.
  std::string url(const std::string& from, const std::string& to) const;

 private:
  std::string template_;
};

// The links a page makes into the repository's host.
struct RepositoryLinks {
  RepositoryLinks() = default;
  RepositoryLinks(CommitLink commit_link, CompareLink compare_link = {})  // NOLINT: a commit link alone converts
      : commit(std::move(commit_link)), compare(std::move(compare_link)) {}
  CommitLink commit;
  CompareLink compare;
};

// Every byte outside RFC 3986's unreserved A-Z a-z 0-9 - . _ ~ as %XX
// (assets/dashboard.js encodes the charts' links the same way).
std::string percent_encode(const std::string& text);

}  // namespace perfgate::dashboard
