#include "cli_help.hpp"

#include "perfgate/gate/exit_code.hpp"
#include "perfgate/model/version.hpp"

namespace perfgate::cli {
namespace {

std::string code_line(int code, const char* meaning) {
  std::string number = std::to_string(code);
  number.resize(4, ' ');
  return "  " + number + meaning + "\n";
}

// What every subcommand does alike: "-" and the one-line errors.
std::string conventions_help() {
  return "Where a subcommand reads one file, '-' reads it from standard input.\n"
         "Errors are one line on stderr: 'perfgate: error: <message>'.";
}

}  // namespace

std::string gate_exit_codes_help() {
  return "Exit codes:\n" +
         code_line(kExitOk, "pass: no regression; or NOT GATED: no case judged against a baseline of this device "
                            "(no baseline, another device's, every case new), said in every report") +
         code_line(kExitRegression, "a regression (confirmed by re-measuring; compare cannot re-measure, so its "
                                    "regressions are unconfirmed and still fail)") +
         code_line(kExitError, "harness or input error: a bad flag or file, a case that failed, a report that could "
                               "not be written; NOT GATED under --require-gated") +
         code_line(kExitAllSkipped, "skipped: every case was skipped here (no GPU; ctest's SKIP_RETURN_CODE)");
}

std::string other_exit_codes_help(bool may_skip) {
  std::string codes = "Exit codes:\n" + code_line(kExitOk, "done") +
                      code_line(kExitError, "harness or input error: a bad flag or file, one that could not be written");
  if (may_skip) codes += code_line(kExitAllSkipped, "no suite could run here (no GPU), so nothing was written");
  return codes;
}

std::string subcommand_help_footer(bool may_skip) {
  return other_exit_codes_help(may_skip) + "\n" + conventions_help();
}

std::string alert_help_footer() {
  return "Exit codes:\n" + code_line(kExitOk, "done; under --fail-on regression, no regression left standing") +
         code_line(kExitRegression, "under --fail-on regression: a listed change is slower and no later change "
                                    "undid it") +
         code_line(kExitError, "harness or input error: a bad flag or file, one that could not be written") + "\n" +
         conventions_help();
}

std::string bisect_help_footer() {
  return "Exit codes:\n" + code_line(kExitOk, "the first commit with the change was found") +
         code_line(kExitRegression, "not found: bad did not differ from good here (the environment), or no "
                                    "measurement could narrow it to one commit (the answer names the range)") +
         code_line(kExitError, "harness or input error: a bad flag, a revision that names nothing, a good or bad "
                               "commit that cannot be built, a case the suite lacks") +
         "\n" + conventions_help();
}

std::string program_help_footer() {
  return gate_exit_codes_help() + "  compare, ab, run and report exit so (report: the worst of its comparisons); the "
         "other subcommands exit 0, or 2 for a harness or input error (baseline update: 77 when no suite could run "
         "here; history changes --fail-on regression: 1 when a regression stands; bisect: 1 when no one commit was found).\n\n" +
         conventions_help();
}

std::string version_line() { return std::string("perfgate ") + version(); }

}  // namespace perfgate::cli
