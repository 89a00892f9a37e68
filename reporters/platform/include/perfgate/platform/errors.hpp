#pragma once
// Errors that end a run with exit code 2.  Every message is one line that
// names the file (or flag) and the problem, so CI logs say what to fix.

#include <functional>
#include <stdexcept>
#include <string>

namespace perfgate {

// Unreadable, malformed or invalid input: results, baselines, manifests, flags.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An output could not be written (read-only folder, full disk, ...).
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The device cannot do what was asked (no CUDA device where one is needed,
// a library call failed).
class DeviceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs `body` and returns its exit code.  An InputError, OutputError or DeviceError
// becomes "perfgate: error: <message>" on stderr and exit code 2; any other
// exception "perfgate: internal error: ..." and 2 as well.  Interrupted
// (interruption.hpp) says so in one line and ends the process by its signal.
int run_reporting_errors(const std::function<int()>& body);

// `text` made safe to quote in a one-line message: control characters are
// escaped and long names are shortened in the middle.
std::string quote_text(const std::string& text);

// `text` at full length with its control characters escaped (C0, DEL and the
// C1 range U+0080-U+009F): text from a results file can neither break a
// line nor send a terminal an escape sequence (a forged "perfgate: PASS").
// Bidirectional controls and invisible characters (utf8.hpp) are shown as
// \uXXXX too: an error that names a refused name never echoes its U+202E.
std::string printable_text(const std::string& text);

}  // namespace perfgate
