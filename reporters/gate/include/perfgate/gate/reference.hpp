#pragma once
// What a run is judged against: one concept of three kinds, made here for
// every front end (a suite binary, `perfgate run`, `ab`, `compare`; `report`
// reads it back from the comparison file), so that every headline names it
// the same way:
//   stored   a results file: a committed baseline ("baselines/cpu-.../host.json")
//            or any file given to `compare`
//   history  the history's recent main-line runs on this testbed
//   build    a commit built and measured on this runner, interleaved with
//            the candidate ("3f2a91c, built on this runner"): its alternating
//            rounds are the confirmation
// A run with nothing to be judged against has `none`, with the reason.

#include <optional>
#include <string>

namespace perfgate {

enum class ReferenceKind { none, stored, history, build };

// "none", "stored", "history", "build": the comparison file's spelling.
const char* to_string(ReferenceKind kind);
std::optional<ReferenceKind> reference_kind_from_string(const std::string& text);

struct Reference {
  ReferenceKind kind = ReferenceKind::none;
  // What the headline says after "against": "3f2a91c, built on this runner",
  // "baselines/cpu-amd-epyc-fam25-mod17-2cpu-kvm/host.json", "the last 5 main
  // runs on <testbed>, commits a..b (<database>)".
  std::string name;
  std::string commit;  // the commit the reference measured, when known
  // Kind build: the builds, as reports name folders: the reference's and the
  // candidate's.
  std::string reference_build;
  std::string candidate_build;
};

// A results file, named as reports name files (report_path.hpp).
Reference stored_reference(const std::string& file, const std::string& commit);
// The history's runs, described as reference_runs.cpp describes them
// ("history: last 5 main runs on T, commits a..b (db)").
Reference history_reference(const std::string& description, const std::string& newest_commit);
// A commit built and measured on this runner (`perfgate run --against`):
// `elsewhere` when it was built elsewhere and only measured here
// (`--against-build DIR`).
Reference build_reference(const std::string& commit, const std::string& reference_build,
                          const std::string& candidate_build, bool elsewhere = false);
// Two suite binaries measured alternately on this runner (`perfgate ab`).
Reference binary_reference(const std::string& binary, const std::string& commit);
// Nothing to judge against, and why ("no baseline of this suite on any device").
Reference no_reference(const std::string& why);

// The first 7 characters of a commit ("3f2a91c"), all of a shorter one.
std::string short_commit(const std::string& commit);

// Measured on this runner in this very run, in alternating rounds: what
// confirms a regression, so nothing is re-measured after the comparison.
bool measured_alongside(const Reference& reference);

}  // namespace perfgate
