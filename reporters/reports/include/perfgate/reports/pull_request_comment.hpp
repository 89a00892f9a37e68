#pragma once
// The body of a pull request's (merge request's) comment about a gate run:
// a hidden marker first, so a workflow finds its own comment and updates it
// in place instead of adding one a push; then the run's verdict, the links
// to the full report and the dashboard when given, and the run's summary
// (run_markdown.hpp: regressions before everything else), within what a
// comment may hold.

#include <cstddef>
#include <string>

#include "perfgate/reports/report_input.hpp"
#include "perfgate/reports/run_markdown.hpp"

namespace perfgate {

// The line a workflow looks for ("<!-- perfgate-comment -->"; with an id,
// "<!-- perfgate-comment:gpu -->", for a workflow that posts several).
std::string pull_request_comment_marker(const std::string& id);

using CommentLinks = ReportLinks;  // run_markdown.hpp

// GitHub takes 65,536 characters a comment, GitLab 1,000,000: this fits the
// smaller, with room for nothing else.
inline constexpr std::size_t kCommentMaxBytes = 65000;

// The marker line, the summary's headline, a line of links (when any), then
// the rest of the summary; at most `max_bytes` long (the summary is fitted
// to what the marker and links leave).
std::string pull_request_comment(const RunReport& run, const CommentLinks& links, const std::string& id,
                                 std::size_t max_bytes = kCommentMaxBytes);

}  // namespace perfgate
