// perfgate comment COMPARISON... [--report-url URL] [--dashboard-url URL]
// [--id NAME] [--out FILE]: the body of a pull request's comment about a gate
// run (pull_request_comment.hpp), for a workflow to post or update in place
// (ci/examples/github-actions.yml, gitlab-ci.yml).  It judges nothing: exit 0,
// or 2 for a comparison it cannot read or a URL that is not http(s).

#include <iostream>

#include "commands.hpp"
#include "perfgate/formats/input_file.hpp"
#include "perfgate/gate/exit_code.hpp"
#include "perfgate/platform/atomic_file.hpp"
#include "perfgate/platform/errors.hpp"
#include "perfgate/reports/pull_request_comment.hpp"
#include "run_report.hpp"

namespace perfgate::cli {

// The links are web addresses (web_url_validator, where they are parsed).
int run_comment(const CommentOptions& options) {
  require_standard_input_once(options.comparisons, "comment's COMPARISON files");
  RunReport run;
  for (const std::filesystem::path& file : options.comparisons) run.push_back(read_suite_report(file));
  const std::string body = pull_request_comment(run, options.links, options.id);
  if (options.out.empty()) {
    std::cout << body;
  } else {
    write_file_atomically(options.out, body);
    std::cerr << "perfgate: comment body: " << options.out.string() << "\n";
  }
  return kExitOk;
}

}  // namespace perfgate::cli
