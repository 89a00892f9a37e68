#include "perfgate/dashboard/commit_link.hpp"

#include <cstdio>
#include <string_view>

#include "perfgate/platform/errors.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

[[noreturn]] void refuse(const std::string& url_template, const std::string& problem) {
  throw InputError("--commit-url " + quote_text(url_template) + ": " + problem +
                   " (a template such as https://host/org/repo/commit/{commit})");
}

bool forbidden(unsigned char c) {
  return c <= 0x20 || c == 0x7F || c == '"' || c == '\'' || c == '<' || c == '>' || c == '\\' || c == '`';
}

std::string_view scheme_of(std::string_view url) {
  for (std::string_view scheme : {"https://", "http://"})
    if (url.substr(0, scheme.size()) == scheme) return scheme;
  return {};
}

}  // namespace

CommitLink CommitLink::from_template(const std::string& url_template) {
  const std::string_view scheme = scheme_of(url_template);
  if (scheme.empty()) refuse(url_template, "not an http:// or https:// URL");
  const std::size_t host_end = url_template.find_first_of("/?#", scheme.size());
  const std::string host = url_template.substr(scheme.size(), host_end - scheme.size());
  if (host.empty() || host.find(kCommitPlaceholder) != std::string::npos) refuse(url_template, "no host");
  if (url_template.find(kCommitPlaceholder) == std::string::npos) refuse(url_template, "no {commit} in it");
  for (char c : url_template)
    if (forbidden(static_cast<unsigned char>(c))) refuse(url_template, "a space, quote, control character or <>\\` in it");
  CommitLink link;
  link.template_ = url_template;
  return link;
}

std::string CommitLink::url(const std::string& commit) const {
  if (template_.empty()) return "";
  const std::string encoded = percent_encode(commit);
  std::string out;
  std::size_t from = 0;
  for (std::size_t at = template_.find(kCommitPlaceholder); at != std::string::npos;
       at = template_.find(kCommitPlaceholder, from)) {
    out += template_.substr(from, at - from) + encoded;
    from = at + std::string_view(kCommitPlaceholder).size();
  }
  return out + template_.substr(from);
}

std::string CommitLink::html(const std::string& commit, const std::string& text) const {
  if (template_.empty()) return xml_escape_text(text);
  return "<a class=\"commit\" href=\"" + xml_escape_attribute(url(commit)) + "\">" + xml_escape_text(text) + "</a>";
}

std::string percent_encode(const std::string& text) {
  std::string out;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z') || (byte >= '0' && byte <= '9') || byte == '-' ||
        byte == '.' || byte == '_' || byte == '~') {
      out += c;
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", byte);
      out += hex;
    }
  }
  return out;
}

}  // namespace perfgate::dashboard
