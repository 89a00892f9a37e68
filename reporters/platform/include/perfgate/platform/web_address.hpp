#pragma once
// A link a report, a pull-request comment or the dashboard shows a reader:
// an http:// or https:// address with a host, and no user name or password
// before it (user:password@host), which every reader of the page would see
// and whose browser would send.  One check for every such flag.

#include <string>
#include <string_view>

namespace perfgate {

// Why `url` is not such a link ("not an http:// or https:// URL", "no
// host", "a user name or password before the host ..."), or empty.  The
// host is what lies between the scheme and the first '/', '?' or '#'.
std::string web_address_problem(std::string_view url);

// The host part of an http(s) address (empty for another scheme).
std::string_view web_address_host(std::string_view url);

}  // namespace perfgate
