#pragma once
// The git commands the reference build needs, each `git -C <folder> ...`
// with its output kept for the message when it fails: where the work tree
// is, what a revision names, a merge base, an upstream, and a detached
// worktree at a commit.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace perfgate::cli {

// The top of the git work tree that holds `folder`; nullopt when it is in
// none or git is not installed.
std::optional<std::filesystem::path> git_work_tree(const std::filesystem::path& folder);

// The full id of the commit `revision` names in `repository`; nullopt when
// it names none here (an unknown branch, a commit a shallow clone lacks).
std::optional<std::string> resolve_commit(const std::filesystem::path& repository, const std::string& revision);

// The best common ancestor of two commits; nullopt when they share none.
std::optional<std::string> merge_base(const std::filesystem::path& repository, const std::string& a, const std::string& b);

// The commits after `good` up to and including `bad`, oldest first, along
// bad's first parents (a merge is one step: the merge that brought a
// branch in).  InputError when good is no ancestor of bad, or when they are
// one commit.
std::vector<std::string> first_parent_range(const std::filesystem::path& repository, const std::string& good,
                                            const std::string& bad);

// A commit's subject line ("" when git cannot say).
std::string commit_subject(const std::filesystem::path& repository, const std::string& commit);

// HEAD's upstream branch ("origin/feature"); nullopt when it has none (a
// detached HEAD, a branch that tracks nothing).
std::optional<std::string> head_upstream(const std::filesystem::path& repository);

// `git fetch --no-tags <remote> <branch>` without a prompt for credentials:
// whether it worked, and git's last lines when not.
bool fetch_branch(const std::filesystem::path& repository, const std::string& remote, const std::string& branch,
                  std::string* problem);

// `worktree` as a detached git worktree of `repository` at `commit`: moved
// there when it is one already (its build folder, untracked, stays), else
// added (stale worktree records pruned first); its submodules initialized.
// InputError with git's message when it cannot be made.
void check_out_worktree(const std::filesystem::path& repository, const std::filesystem::path& worktree,
                        const std::string& commit);

}  // namespace perfgate::cli
