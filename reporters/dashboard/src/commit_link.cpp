#include "perfgate/dashboard/commit_link.hpp"

#include <cstdio>
#include <string_view>
#include <vector>

#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/secret_redaction.hpp"
#include "perfgate/platform/web_address.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

// What each kind of link is asked for with, and an example of its template.
struct TemplateKind {
  const char* flag;
  const char* example;
  std::vector<std::string_view> placeholders;
};

const TemplateKind kCommitTemplate{"--commit-url", "https://host/org/repo/commit/{commit}", {kCommitPlaceholder}};
const TemplateKind kCompareTemplate{
    "--compare-url", "https://host/org/repo/compare/{from}...{to}", {kFromPlaceholder, kToPlaceholder}};

[[noreturn]] void refuse(const TemplateKind& kind, const std::string& url_template, const std::string& problem) {
  throw InputError(std::string(kind.flag) + " " + redact_secrets(quote_text(url_template)) + ": " + problem + " (a template such as " +
                   kind.example + ")");
}

bool forbidden(unsigned char c) {
  return c <= 0x20 || c == 0x7F || c == '"' || c == '\'' || c == '<' || c == '>' || c == '\\' || c == '`';
}

// The template checked: a web address (web_address.hpp) whose host holds no
// placeholder, every placeholder of its kind, nothing a URL in an attribute or a
// script string must not hold.
std::string checked_template(const TemplateKind& kind, const std::string& url_template) {
  if (std::string problem = web_address_problem(url_template); !problem.empty()) refuse(kind, url_template, problem);
  if (web_address_host(url_template).find('{') != std::string_view::npos) refuse(kind, url_template, "no host");
  for (std::string_view placeholder : kind.placeholders)
    if (url_template.find(placeholder) == std::string::npos)
      refuse(kind, url_template, "no " + std::string(placeholder) + " in it");
  for (char c : url_template)
    if (forbidden(static_cast<unsigned char>(c)))
      refuse(kind, url_template, "a space, quote, control character or <>\\` in it");
  return url_template;
}

// Each placeholder replaced by its value, percent-encoded.
std::string filled(std::string text, std::string_view placeholder, const std::string& value) {
  const std::string encoded = percent_encode(value);
  for (std::size_t at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + encoded.size()))
    text.replace(at, placeholder.size(), encoded);
  return text;
}

}  // namespace

CommitLink CommitLink::from_template(const std::string& url_template) {
  CommitLink link;
  link.template_ = checked_template(kCommitTemplate, url_template);
  return link;
}

std::string CommitLink::url(const std::string& commit) const {
  if (template_.empty()) return "";
  return filled(template_, kCommitPlaceholder, commit);
}

CompareLink CompareLink::from_template(const std::string& url_template) {
  CompareLink link;
  link.template_ = checked_template(kCompareTemplate, url_template);
  return link;
}

std::string CompareLink::url(const std::string& from, const std::string& to) const {
  if (template_.empty()) return "";
  return filled(filled(template_, kFromPlaceholder, from), kToPlaceholder, to);
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
