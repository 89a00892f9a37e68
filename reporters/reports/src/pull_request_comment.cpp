#include "perfgate/reports/pull_request_comment.hpp"

#include "perfgate/reports/markdown_writer.hpp"
#include "perfgate/reports/run_markdown.hpp"

namespace perfgate {
namespace {

// A URL as a Markdown link target: <...> keeps spaces and parentheses from
// ending it; '<', '>' and line breaks cannot be in one, so they are encoded.
std::string link_target(const std::string& url) {
  std::string out = "<";
  for (char c : url) {
    if (c == '<') out += "%3C";
    else if (c == '>') out += "%3E";
    else if (c == '\n' || c == '\r') out += c == '\n' ? "%0A" : "%0D";
    else out += c;
  }
  return out + ">";
}

std::string links_line(const CommentLinks& links) {
  std::string line;
  if (!links.report_url.empty()) line += "[Full report](" + link_target(links.report_url) + ")";
  if (!links.dashboard_url.empty())
    line += std::string(line.empty() ? "" : " · ") + "[Dashboard](" + link_target(links.dashboard_url) + ")";
  return line.empty() ? line : line + "\n\n";
}

}  // namespace

std::string pull_request_comment_marker(const std::string& id) {
  return "<!-- perfgate-comment" + (id.empty() ? std::string() : ":" + markdown_cell(id)) + " -->";
}

std::string pull_request_comment(const RunReport& run, const CommentLinks& links, const std::string& id,
                                 std::size_t max_bytes) {
  const std::string marker = pull_request_comment_marker(id) + "\n";
  const std::string linked = links_line(links);
  const std::size_t room = max_bytes > marker.size() + linked.size() + 1024 ? max_bytes - marker.size() - linked.size()
                                                                            : 1024;
  const std::string summary = run_to_markdown(run, room);
  // The links right under the headline (the summary's first paragraph).
  const std::size_t headline_end = summary.find("\n\n");
  if (linked.empty() || headline_end == std::string::npos) return marker + linked + summary;
  return marker + summary.substr(0, headline_end + 2) + linked + summary.substr(headline_end + 2);
}

}  // namespace perfgate
