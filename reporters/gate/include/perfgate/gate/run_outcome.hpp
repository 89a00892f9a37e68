#pragma once
// How a gate run ended, ranked: the one rule for "the worst of several
// runs" (the cases of a suite, the suites of `perfgate run` and of `perfgate
// report`, the shards of `perfgate report --shards`).  Its exit codes are
// exit_code.hpp's.

namespace perfgate {

class RunOutcome {
 public:
  // Mildest first: a run where some parts passed and the rest could not run
  // here passed; a regression hides a pass; a harness error hides a
  // regression (the run cannot say what it did not measure).
  enum class Severity { all_skipped, ok, regression, error };

  constexpr RunOutcome() = default;  // all_skipped: what worst_of() starts from
  constexpr explicit RunOutcome(Severity severity) : severity_(severity) {}

  // 0, 1, 2 and 77 as exit_code.hpp gives them.  Any other code (a crash's
  // 139, a script's 3, a library's exit(5)) is a harness error: no perfgate
  // program gives it, so whatever ended the run was no verdict, and a run
  // that was not judged is never better than one that failed.
  static RunOutcome from_exit_code(int code);
  static bool is_perfgate_exit_code(int code);

  int to_exit_code() const;
  Severity severity() const { return severity_; }
  friend bool operator==(RunOutcome, RunOutcome) = default;

 private:
  Severity severity_ = Severity::all_skipped;
};

// The worse of the two; a tie is either.
RunOutcome worst_of(RunOutcome a, RunOutcome b);

}  // namespace perfgate
