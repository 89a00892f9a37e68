// Issue 40: the merge base a pull request is judged against, from each CI
// service's variables, in a real git repository made by the test
// (tools/src/reference/pull_request.cpp).
#include "reference/pull_request.hpp"

#include <gtest/gtest.h>

#include <map>

#include "perfgate/platform/errors.hpp"
#include "reference/git_checkout.hpp"
#include "shell.hpp"

namespace perfgate::cli {
namespace {

using testing::run_shell;
using testing::shell_word;

Environment table(std::map<std::string, std::string> variables) {
  return [variables](const std::string& name) -> std::optional<std::string> {
    const auto it = variables.find(name);
    return it == variables.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
}

TEST(PullRequest, EachServiceNamesItsTargetBranch) {
  EXPECT_FALSE(pull_request(table({})));
  EXPECT_FALSE(pull_request(table({{"GITHUB_BASE_REF", ""}}))) << "a push: GitHub sets it empty";
  const auto github = pull_request(table({{"GITHUB_BASE_REF", "main"}}));
  ASSERT_TRUE(github);
  EXPECT_EQ(github->service, "GitHub Actions");
  EXPECT_EQ(github->target_branch, "main");
  const auto gitlab = pull_request(table({{"CI_MERGE_REQUEST_IID", "7"}, {"CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "develop"},
                                          {"CI_MERGE_REQUEST_DIFF_BASE_SHA", "abc"}}));
  ASSERT_TRUE(gitlab);
  EXPECT_EQ(gitlab->target_branch, "develop");
  EXPECT_EQ(gitlab->base_commit, "abc");
  EXPECT_FALSE(pull_request(table({{"CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "develop"}}))) << "not a merge request pipeline";
  EXPECT_EQ(pull_request(table({{"SYSTEM_PULLREQUEST_TARGETBRANCH", "refs/heads/release"}}))->target_branch, "release");
  EXPECT_EQ(pull_request(table({{"BITBUCKET_PR_DESTINATION_BRANCH", "main"}}))->service, "Bitbucket Pipelines");
  EXPECT_EQ(pull_request(table({{"CHANGE_ID", "12"}, {"CHANGE_TARGET", "main"}}))->service, "Jenkins");
  EXPECT_FALSE(pull_request(table({{"BUILDKITE_PULL_REQUEST", "false"}, {"BUILDKITE_PULL_REQUEST_BASE_BRANCH", "main"}})));
  EXPECT_EQ(pull_request(table({{"BUILDKITE_PULL_REQUEST", "3"}, {"BUILDKITE_PULL_REQUEST_BASE_BRANCH", "main"}}))->service,
            "Buildkite");
}

// main: c1 - c2; feature (HEAD) branches at c1: c1 - f1.  The merge base
// of the pull request feature -> main is c1.
class MergeBaseRepository : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string git = "git -C " + shell_word(dir.path().string()) + " ";
    const auto run = run_shell(
        git + "init -q -b main && " + git + "config user.email t@example.invalid && " + git + "config user.name t && " +
        git + "commit -q --allow-empty -m c1 && " + git + "branch feature && " + git + "commit -q --allow-empty -m c2 && " +
        git + "checkout -q feature && " + git + "commit -q --allow-empty -m f1 2>&1");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    c1 = *resolve_commit(dir.path(), "main~1");
    c2 = *resolve_commit(dir.path(), "main");
  }
  testing::TempDir dir;
  std::string c1, c2;
};

TEST_F(MergeBaseRepository, EachCiServicesVariablesFindIt) {
  for (const auto& variables : std::vector<std::map<std::string, std::string>>{
           {{"GITHUB_BASE_REF", "main"}},
           {{"CI_MERGE_REQUEST_IID", "1"}, {"CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "main"}},
           {{"SYSTEM_PULLREQUEST_TARGETBRANCH", "refs/heads/main"}},
           {{"BITBUCKET_PR_DESTINATION_BRANCH", "main"}},
           {{"CHANGE_ID", "5"}, {"CHANGE_TARGET", "main"}},
           {{"BUILDKITE_PULL_REQUEST", "5"}, {"BUILDKITE_PULL_REQUEST_BASE_BRANCH", "main"}}}) {
    const MergeBase base = find_merge_base(dir.path(), table(variables));
    EXPECT_EQ(base.commit, c1) << variables.begin()->first;
    EXPECT_NE(base.description.find("main"), std::string::npos) << base.description;
  }
}

TEST_F(MergeBaseRepository, GitLabsOwnDiffBaseIsTakenWhenThisCloneHasIt) {
  const MergeBase base = find_merge_base(
      dir.path(), table({{"CI_MERGE_REQUEST_IID", "1"}, {"CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "main"},
                         {"CI_MERGE_REQUEST_DIFF_BASE_SHA", c2}}));
  EXPECT_EQ(base.commit, c2) << "GitLab computed it (here: deliberately another commit than git's merge base)";
  EXPECT_NE(base.description.find("CI_MERGE_REQUEST_DIFF_BASE_SHA"), std::string::npos) << base.description;
}

TEST_F(MergeBaseRepository, OutsideAPullRequestTheBranchesUpstream) {
  EXPECT_THROW(find_merge_base(dir.path(), table({})), InputError) << "feature tracks nothing yet";
  try {
    find_merge_base(dir.path(), table({}));
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("pass --against REF"), std::string::npos) << e.what();
  }
  const auto run = run_shell("git -C " + shell_word(dir.path().string()) + " branch -q --set-upstream-to=main 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const MergeBase base = find_merge_base(dir.path(), table({}));
  EXPECT_EQ(base.commit, c1);
  EXPECT_NE(base.description.find("upstream main"), std::string::npos) << base.description;
}

TEST_F(MergeBaseRepository, ATargetThisCloneLacksSaysHowToFetchIt) {
  try {
    find_merge_base(dir.path(), table({{"GITHUB_BASE_REF", "release"}}));
    FAIL() << "no branch release here, and no origin to fetch it from";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("fetch-depth: 0"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("GITHUB_BASE_REF=release"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace perfgate::cli
