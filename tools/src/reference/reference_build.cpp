#include "reference/reference_build.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "perfgate/gate/reference.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/platform/file_lock.hpp"
#include "reference/git_checkout.hpp"
#include "subprocess.hpp"

namespace perfgate::cli {
namespace fs = std::filesystem;
namespace {

// What tells a reference folder perfgate made from a folder of the user's.
constexpr const char* kMarker = ".perfgate-reference";
constexpr const char* kMarkerText =
    "perfgate's reference builds (perfgate run --against): a git worktree and its build folder a commit.\n"
    "Safe to delete; `git worktree prune` then forgets the worktrees.\n";

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The candidate's build folder as the reference's worktree holds it: the
// same path below the source as the candidate's (build/ for <source>/build),
// so the two compile with the same relative paths and ccache (with its
// base_dir at each source) serves one from the other.
fs::path build_below(const CandidateBuild& candidate) {
  const fs::path relative = candidate.build.lexically_relative(candidate.source);
  if (relative.empty() || relative.begin()->string() == ".." || relative == ".") return "build";
  return relative;
}

std::string joined(const std::vector<std::string>& args) {
  std::string text;
  for (const std::string& arg : args) text += arg + '\n';
  return text;
}

// Seconds since `start`, one decimal.
std::string seconds_since(std::chrono::steady_clock::time_point start) {
  std::ostringstream text;
  text.precision(1);
  text << std::fixed << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s";
  return text.str();
}

std::string one_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text.size() > 600 ? "..." + text.substr(text.size() - 600) : text;
}

std::map<std::string, std::string> build_environment(const fs::path& source) {
  std::map<std::string, std::string> environment;
  // ccache's paths relative to each build: the candidate's objects serve the reference.
  if (!std::getenv("CCACHE_BASEDIR")) environment["CCACHE_BASEDIR"] = source.string();
  return environment;
}

}  // namespace

CandidateBuild read_candidate_build(const fs::path& build) {
  CandidateBuild candidate;
  candidate.build = fs::absolute(build).lexically_normal();
  if (!candidate.build.empty() && candidate.build.filename().empty()) candidate.build = candidate.build.parent_path();
  candidate.cache = read_cmake_cache(candidate.build);
  candidate.source = fs::path(*candidate.cache.value("CMAKE_HOME_DIRECTORY")).lexically_normal();
  const auto cmake = candidate.cache.value("CMAKE_COMMAND");
  candidate.cmake = cmake ? fs::path(*cmake) : find_in_path("cmake");
  candidate.ctest = candidate.cmake.parent_path() / "ctest";
  if (std::error_code error; !fs::is_regular_file(candidate.ctest, error)) candidate.ctest = find_in_path("ctest");
  return candidate;
}

std::map<std::string, fs::path> ctest_tests(const fs::path& ctest, const fs::path& build) {
  const CapturedRun run = run_program_captured(ctest, {"--test-dir", build.string(), "--show-only=json-v1"});
  if (run.exit_code != 0) throw InputError(ctest.string() + " --show-only=json-v1 in " + build.string() + ": " + one_line(run.tail(3)));
  std::map<std::string, fs::path> tests;
  try {
    const auto doc = nlohmann::json::parse(run.output.substr(run.output.find('{')));
    for (const auto& test : doc.value("tests", nlohmann::json::array())) {
      const auto command = test.value("command", nlohmann::json::array());
      tests[test.at("name").get<std::string>()] = command.empty() ? fs::path() : fs::path(command[0].get<std::string>());
    }
  } catch (const std::exception& e) {
    throw InputError(build.string() + ": ctest's test listing could not be read: " + e.what());
  }
  return tests;
}

ReferenceBuilds::ReferenceBuilds(const CandidateBuild& candidate)
    : candidate_(candidate), folder_(candidate.build / "perfgate-reference") {
  std::error_code error;
  if (fs::exists(folder_, error) && !fs::exists(folder_ / kMarker, error))
    throw InputError(folder_.string() + " exists and perfgate did not make it (no " + kMarker +
                     "): move it away, or pass --against stored");
  fs::create_directories(folder_, error);
  if (error) throw OutputError(folder_.string() + ": cannot create folder: " + error.message());
  if (!fs::exists(folder_ / kMarker, error)) write_file_atomically(folder_ / kMarker, kMarkerText);
  lock_ = std::make_unique<FileLock>(folder_ / kMarker);
}

ReferenceBuilds::~ReferenceBuilds() = default;

// A worktree of this folder for `commit`: the one already there, else the
// least recently used one this run has not taken, else a new one.
fs::path ReferenceBuilds::take_worktree(const std::string& commit) {
  std::vector<fs::path> free;
  int highest = 0;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(folder_, error)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_directory() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    highest = std::max(highest, std::stoi(name));
    if (taken_.contains(entry.path())) continue;
    if (resolve_commit(entry.path(), "HEAD") == commit && git_work_tree(entry.path())) return *taken_.insert(entry.path()).first;
    free.push_back(entry.path());
  }
  const auto last_used = [](const fs::path& worktree) {
    std::error_code ignored;
    return fs::last_write_time(fs::path(worktree.string() + ".used"), ignored);
  };
  std::sort(free.begin(), free.end(), [&](const fs::path& a, const fs::path& b) { return last_used(a) < last_used(b); });
  if (const auto again = std::find(free.begin(), free.end(), released_); again != free.end()) std::rotate(free.begin(), again, again + 1);
  const fs::path worktree = free.empty() ? folder_ / std::to_string(highest + 1) : free.front();
  return *taken_.insert(worktree).first;
}

ReferenceBuild ReferenceBuilds::prepare(const std::string& commit, const std::string& why, const std::vector<Wanted>& tests) {
  ReferenceBuild reference;
  reference.commit = commit;
  reference.why = why;
  const fs::path worktree = take_worktree(commit);
  reference.worktree = worktree;
  // The project may be a folder of its repository: the reference's is the
  // same folder of the worktree.
  const auto top = git_work_tree(candidate_.source);
  const fs::path project = top ? candidate_.source.lexically_relative(*top) : fs::path(".");
  const fs::path source = (worktree / project).lexically_normal();
  reference.build = reference.built_in = (source / build_below(candidate_)).lexically_normal();
  const fs::path log = worktree.string() + ".build.log";
  std::error_code error;
  fs::remove(log, error);
  const auto started = std::chrono::steady_clock::now();
  std::cerr << "perfgate: reference " << short_commit(commit) << " (" << why << "): building in " << reference.build.string()
            << '\n';
  try {
    // A folder of ours that is no worktree of this repository (restored from
    // a CI cache into a fresh clone, its repository gone): made again.
    if (const auto own = git_work_tree(worktree); fs::exists(worktree, error) && !(own && fs::equivalent(*own, worktree, error))) {
      std::cerr << "perfgate: " << worktree.string() << " is no worktree of this repository any more: made again\n";
      fs::remove_all(worktree, error);
      if (error) throw InputError(worktree.string() + ": cannot remove it: " + error.message());
    }
    check_out_worktree(candidate_.source, worktree, commit);
    write_file_atomically(worktree.string() + ".used", commit + "\n", false);
    // Configured again only when the candidate's configuration changed: a
    // new commit's CMakeLists make the build re-run CMake itself.
    const ConfigureFolders folders{candidate_.source, candidate_.build, source, reference.build};
    const fs::path ccache = find_in_path("ccache");
    const std::vector<std::string> configure =
        reference_configure_arguments(candidate_.cache, folders, ccache.empty() ? "" : ccache.string());
    const fs::path configured = worktree.string() + ".configured";
    if (!fs::exists(reference.build / "CMakeCache.txt", error) || read_text(configured) != joined(configure)) {
      const CapturedRun run = run_program_captured(candidate_.cmake, configure, build_environment(source), log);
      if (run.exit_code != 0)
        throw InputError("configuring it failed (cmake exit " + std::to_string(run.exit_code) + "; log: " + log.string() +
                         "): " + one_line(run.tail(4)));
      write_file_atomically(configured, joined(configure), false);
    }
    // Only what the selected tests run, of those the reference has.
    const std::map<std::string, fs::path> present = ctest_tests(candidate_.ctest, reference.build);
    std::vector<std::string> targets;
    for (const Wanted& wanted : tests)
      if (present.contains(wanted.test)) {
        reference.tests.insert(wanted.test);
        if (!wanted.program.empty()) targets.push_back(wanted.program.filename().string());
      }
    if (!targets.empty()) {
      std::vector<std::string> build = {"--build", reference.build.string(), "--parallel",
                                        std::to_string(std::max(1u, std::thread::hardware_concurrency())), "--target"};
      build.insert(build.end(), targets.begin(), targets.end());
      const CapturedRun run = run_program_captured(candidate_.cmake, build, build_environment(source), log);
      if (run.exit_code != 0)
        throw InputError("building it failed (cmake --build exit " + std::to_string(run.exit_code) + "; log: " +
                         log.string() + "): " + one_line(run.tail(4)));
    }
    // A test whose program the build did not make cannot run (ctest lists
    // no command for it).
    for (const auto& [test, program] : ctest_tests(candidate_.ctest, reference.build))
      if (reference.tests.contains(test) && program.empty()) reference.tests.erase(test);
  } catch (const InputError& e) {
    reference.problem = "the reference " + short_commit(commit) + " (" + why + ") could not be built: " + e.what();
    std::cerr << "perfgate: " << reference.problem << '\n';
    return reference;
  }
  reference.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cerr << "perfgate: reference " << short_commit(commit) << " ready in " << seconds_since(started) << " ("
            << reference.tests.size() << " of " << tests.size() << " test(s) there)\n";
  return reference;
}

void ReferenceBuilds::release(const ReferenceBuild& reference) {
  if (reference.worktree.empty()) return;
  taken_.erase(reference.worktree);
  released_ = reference.worktree;
}

namespace {

// A CMake quoted argument: what ends or expands one escaped.
std::string cmake_quoted(const std::string& text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '\\' || c == '"' || c == '$' || c == ';') quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

// The program `name` below `dir`: DIR/bin/<name>, else the first regular
// executable file of that name in the tree.
std::optional<fs::path> find_program_below(const fs::path& dir, const std::string& name) {
  std::error_code error;
  if (const fs::path bin = dir / "bin" / name; fs::is_regular_file(bin, error) && ::access(bin.c_str(), X_OK) == 0) return bin;
  for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, error), end; it != end;
       it.increment(error)) {
    if (error) break;
    if (it.depth() > 8) it.disable_recursion_pending();
    if (it->path().filename() == name && it->is_regular_file(error) && ::access(it->path().c_str(), X_OK) == 0)
      return it->path();
  }
  return std::nullopt;
}

// add_test and its properties for `program`, as the candidate's ctest runs `test`.
std::string test_definition(const GatedTest& test, const fs::path& program) {
  std::string text = "add_test(" + cmake_quoted(test.test) + " " + cmake_quoted(program.string());
  for (const std::string& arg : test.args) text += " " + cmake_quoted(arg);
  text += ")\nset_tests_properties(" + cmake_quoted(test.test) + " PROPERTIES SKIP_RETURN_CODE 77";
  if (!test.working_directory.empty()) text += " WORKING_DIRECTORY " + cmake_quoted(test.working_directory.string());
  if (test.timeout > 0) text += " TIMEOUT " + std::to_string(static_cast<long>(test.timeout));
  if (!test.environment.empty()) {
    // One list: each entry quoted on its own (its ';' escaped), the list
    // separators between them left as they are.
    std::string environment;
    for (const std::string& entry : test.environment) {
      const std::string quoted = cmake_quoted(entry);
      environment += (environment.empty() ? "" : ";") + quoted.substr(1, quoted.size() - 2);
    }
    text += " ENVIRONMENT \"" + environment + "\"";
  }
  return text + ")\n";
}

// The commit a build from elsewhere was made of, when its cache names a
// source tree here that is not the candidate's own checkout.
std::string prebuilt_commit(const fs::path& dir, const fs::path& candidate_source) {
  try {
    const CmakeCache cache = read_cmake_cache(dir);
    const auto source = cache.value("CMAKE_HOME_DIRECTORY");
    std::error_code error;
    if (!source || !fs::is_directory(*source, error) || fs::equivalent(*source, candidate_source, error)) return "";
    return resolve_commit(*source, "HEAD").value_or("");
  } catch (const InputError&) {
    return "";
  }
}

}  // namespace

ReferenceBuild ReferenceBuilds::prebuilt(const fs::path& dir, const std::vector<GatedTest>& tests) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) throw InputError(dir.string() + ": no such folder (--against-build)");
  ReferenceBuild reference;
  reference.built_here = false;
  reference.built_in = fs::absolute(dir).lexically_normal();
  reference.why = "the build in " + dir.string();
  reference.commit = prebuilt_commit(dir, candidate_.source);
  std::map<std::string, fs::path> own;
  if (fs::is_regular_file(dir / "CTestTestfile.cmake", error)) own = ctest_tests(candidate_.ctest, dir);
  reference.build = folder_ / "prebuilt";
  fs::create_directories(reference.build, error);
  std::string testfile = "# Written by perfgate run --against-build " + dir.string() +
                         ": its programs, run as the candidate's ctest runs its own.\n";
  for (const GatedTest& test : tests) {
    std::optional<fs::path> program;
    if (const auto found = own.find(test.test); found != own.end() && fs::is_regular_file(found->second, error))
      program = found->second;
    else if (!test.program.empty())
      program = find_program_below(dir, test.program.filename().string());
    if (!program) continue;
    testfile += test_definition(test, fs::absolute(*program));
    reference.tests.insert(test.test);
  }
  write_file_atomically(reference.build / "CTestTestfile.cmake", testfile, false);
  std::cerr << "perfgate: reference built elsewhere (" << dir.string() << "): " << reference.tests.size() << " of "
            << tests.size() << " test(s) there\n";
  return reference;
}

}  // namespace perfgate::cli
