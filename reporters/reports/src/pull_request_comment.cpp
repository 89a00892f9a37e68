#include "perfgate/reports/pull_request_comment.hpp"

#include "perfgate/reports/markdown_writer.hpp"
#include "perfgate/reports/run_markdown.hpp"

namespace perfgate {

std::string pull_request_comment_marker(const std::string& id) {
  return "<!-- perfgate-comment" + (id.empty() ? std::string() : ":" + markdown_cell(id)) + " -->";
}

std::string pull_request_comment(const RunReport& run, const CommentLinks& links, const std::string& id,
                                 std::size_t max_bytes) {
  const std::string marker = pull_request_comment_marker(id) + "\n";
  const std::size_t room = max_bytes > marker.size() + 1024 ? max_bytes - marker.size() : 1024;
  return marker + run_to_markdown(run, room, links);
}

}  // namespace perfgate
