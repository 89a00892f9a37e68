#pragma once
// Secrets never leave the process (issue 26): a database password given in
// a URL (postgresql://user:PASSWORD@host/db, ?password=..., libpq's
// password=...) or in PGPASSWORD (where libpq's messages carry it) must not reach a results file, a baseline,
// a report, a history row, a log line or an error message.  Everything
// perfgate writes or prints that can carry a command line, a URL or an
// engine's message goes through redact_secrets().

#include <string>
#include <string_view>

namespace perfgate {

// What a secret is replaced with.
inline constexpr std::string_view kRedacted = "***";

// `secret` (as given and percent-decoded) is redacted wherever it appears
// from now on in this process: an engine's message can quote a password
// without the URL around it (libpq: 'invalid port number: "pa"').
void register_secret(const std::string& secret);

// Registers the value of every password=value in `text` (a URL's query
// parameter, a libpq key=value string; a quoted value without its quotes).
void register_password_parameters(const std::string& text);

// `text` with every password removed: the userinfo password of any
// scheme://user:password@host, any password=value or PGPASSWORD=value
// parameter (URL query, its key %-decoded as libpq decodes it, or libpq
// key=value, quoted or not) and every registered secret, each replaced by
// kRedacted.
std::string redact_secrets(std::string text);

// A libpq message or notice: redact_secrets(), and PGPASSWORD's value where
// it stands as a word of its own (libpq may quote the password it was
// given).  Only there: PGPASSWORD=e must not turn "no such file" into
// "no such fil***" everywhere else (issue 41).
std::string redact_libpq_text(std::string text);

}  // namespace perfgate
