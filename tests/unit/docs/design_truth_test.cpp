// docs/design.md is the map a newcomer reads first (issue 42): a library it
// names must exist, and a file it points at ("one line in X", "beside X")
// must be in the tree.  A rename that leaves the map behind fails here.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = PERFGATE_SOURCE_ROOT;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Folders of the source tree that the map may point into (never a build tree).
bool is_source_folder(const fs::path& relative) {
  const std::string first = relative.begin()->string();
  return first != ".git" && first.rfind("build", 0) != 0 && first != "node_modules";
}

struct SourceTree {
  std::set<std::string> file_names;  // "results_loader.cpp"
  std::vector<fs::path> cmake_lists;
};

SourceTree scan_tree() {
  SourceTree tree;
  for (auto it = fs::recursive_directory_iterator(kRoot); it != fs::recursive_directory_iterator(); ++it) {
    const fs::path relative = fs::relative(it->path(), kRoot);
    if (it->is_directory() && !is_source_folder(relative)) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    tree.file_names.insert(it->path().filename().string());
    if (it->path().filename() == "CMakeLists.txt") tree.cmake_lists.push_back(it->path());
  }
  return tree;
}

// Every `inline code` span of the page.
std::vector<std::string> code_spans(const std::string& text) {
  std::vector<std::string> spans;
  static const std::regex span("`([^`\n]+)`");
  for (std::sregex_iterator it(text.begin(), text.end(), span), end; it != end; ++it) spans.push_back((*it)[1]);
  return spans;
}

// A span that names a source file by its name alone: "results_loader.cpp".
bool is_bare_source_name(const std::string& span) {
  static const std::regex name(R"([A-Za-z0-9_.-]+\.(cpp|hpp|cu|cuh|sh|cmake|py))");
  return std::regex_match(span, name);
}

// A span that is a path into the tree: "reporters/gate", "tools/src/reference/".
bool is_tree_path(const std::string& span) {
  static const std::regex path(R"((perf|reporters|tools|kernels|tests|ci|cmake|docs)/[A-Za-z0-9_./-]*)");
  return std::regex_match(span, path);
}

// The page may shorten a header's path to its room ("reporters/platform/work_pool.hpp"
// for reporters/platform/include/perfgate/platform/work_pool.hpp): a path counts when it
// exists, or when its file lies somewhere below the deepest folder of it that exists.
bool path_exists(const std::string& span) {
  fs::path path = kRoot / span;
  if (fs::exists(path)) return true;
  const std::string file = path.filename().string();
  fs::path folder = path.parent_path();
  while (!fs::exists(folder) && folder != kRoot) folder = folder.parent_path();
  if (folder == kRoot || file.find('.') == std::string::npos) return false;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (entry.path().filename() == file) return true;
  return false;
}

// perfgate::X is made by perfgate_library(X ...), perfgate_flavoured_library(X ...),
// perfgate_kernel(...) (perfgate::kernel_X) or add_library(perfgate_X ...).
bool library_declared(const SourceTree& tree, const std::string& name) {
  const std::vector<std::string> forms = {"perfgate_library(" + name + " ", "perfgate_library(" + name + "\n",
                                          "perfgate_flavoured_library(" + name + " ", "add_library(perfgate_" + name + " ",
                                          "add_executable(perfgate_" + name + " "};
  const std::string kernel = name.rfind("kernel_", 0) == 0 ? "perfgate_kernel(" + name.substr(7) + " " : "";
  for (const auto& file : tree.cmake_lists) {
    const std::string text = read_text(file);
    for (const auto& form : forms)
      if (text.find(form) != std::string::npos) return true;
    if (!kernel.empty() && text.find(kernel) != std::string::npos) return true;
  }
  return false;
}

class DesignPage : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    page_ = new std::string(read_text(kRoot / "docs" / "design.md"));
    tree_ = new SourceTree(scan_tree());
  }
  static void TearDownTestSuite() {
    delete page_;
    delete tree_;
  }
  static std::string* page_;
  static SourceTree* tree_;
};
std::string* DesignPage::page_ = nullptr;
SourceTree* DesignPage::tree_ = nullptr;

TEST_F(DesignPage, IsThere) { ASSERT_GT(page_->size(), 10'000u) << "docs/design.md is missing or nearly empty"; }

TEST_F(DesignPage, EveryLibraryItNamesIsDeclared) {
  static const std::regex library(R"(^perfgate::([a-z_]+)$)");
  std::set<std::string> checked;
  // perfgate::cli is the program's target name, made by add_executable(perfgate_cli).
  for (const auto& span : code_spans(*page_)) {
    std::smatch match;
    if (!std::regex_match(span, match, library)) continue;
    const std::string name = match[1];
    if (!checked.insert(name).second) continue;
    // Namespaces the page names in the same notation (perfgate::cuda::measure is code, not a library).
    if (name == "work" || name == "version") continue;
    EXPECT_TRUE(library_declared(*tree_, name)) << "docs/design.md names `perfgate::" << name
                                                << "`, which no CMakeLists.txt declares";
  }
  EXPECT_GE(checked.size(), 10u) << "the page's library table is gone";
}

TEST_F(DesignPage, EveryPathItNamesExists) {
  std::size_t checked = 0;
  for (const auto& span : code_spans(*page_)) {
    if (!is_tree_path(span) || span.find_first_of("<{*") != std::string::npos) continue;
    ++checked;
    EXPECT_TRUE(path_exists(span)) << "docs/design.md points at `" << span << "`, which is not in the tree";
  }
  EXPECT_GE(checked, 20u);
}

TEST_F(DesignPage, EveryFileItNamesExists) {
  // Names the page uses for a user's files or files the install writes
  // (the package's config and export sets), not its sources.
  static const std::set<std::string> not_sources = {"my_cases.cpp", "cases.cpp", "suite.cpp", "perfgateConfig.cmake",
                                                    "perfgateTargets.cmake", "perfgateCudaTargets.cmake",
                                                    "perfgateHistoryTargets.cmake"};
  std::size_t checked = 0;
  for (const auto& span : code_spans(*page_)) {
    if (!is_bare_source_name(span) || not_sources.count(span)) continue;
    ++checked;
    EXPECT_TRUE(tree_->file_names.count(span)) << "docs/design.md names `" << span << "`, which is not in the tree";
  }
  EXPECT_GE(checked, 50u);
}

// Every library has a charter: the comment that opens its CMakeLists.txt says
// what it holds, so nothing lands in a room by default.
TEST_F(DesignPage, EveryReportersRoomHasACharter) {
  for (const auto& file : tree_->cmake_lists) {
    const std::string relative = fs::relative(file, kRoot).string();
    if (relative.rfind("reporters/", 0) != 0) continue;
    const std::string text = read_text(file);
    if (text.find("perfgate_library(") == std::string::npos) continue;
    EXPECT_EQ(text.rfind("#", 0), 0u) << relative << " declares a library without a charter comment first";
  }
}

}  // namespace
