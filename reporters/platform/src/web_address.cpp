#include "perfgate/platform/web_address.hpp"

namespace perfgate {
namespace {

std::string_view scheme_of(std::string_view url) {
  for (std::string_view scheme : {"https://", "http://"})
    if (url.substr(0, scheme.size()) == scheme) return scheme;
  return {};
}

}  // namespace

std::string_view web_address_host(std::string_view url) {
  const std::string_view scheme = scheme_of(url);
  if (scheme.empty()) return {};
  const std::size_t end = url.find_first_of("/?#", scheme.size());
  return url.substr(scheme.size(), end == std::string_view::npos ? std::string_view::npos : end - scheme.size());
}

std::string web_address_problem(std::string_view url) {
  if (scheme_of(url).empty()) return "not an http:// or https:// URL";
  const std::string_view host = web_address_host(url);
  if (host.empty()) return "no host";
  if (host.find('@') != std::string_view::npos)
    return "a user name or password before the host (user:password@host), which every reader of the link "
           "would see: give the address without it";
  return "";
}

}  // namespace perfgate
