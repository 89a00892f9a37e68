#include "perfgate/dashboard/changes_table.hpp"

#include "perfgate/dashboard/change_text.hpp"
#include "perfgate/dashboard/page_name.hpp"
#include "perfgate/model/time_text.hpp"
#include "perfgate/reports/xml_text.hpp"

namespace perfgate::dashboard {
namespace {

using history::Change;
using history::ChangeShape;

std::string cell(const std::string& text, const std::string& css_class = "") {
  return (css_class.empty() ? "<td>" : "<td class=\"" + css_class + "\">") + xml_escape_text(text) + "</td>";
}

std::string short_commit(const std::string& commit) { return commit.substr(0, 12); }

std::string what_happened(const ListedChange& listed) {
  const Change& c = listed.change;
  // Reruns of one commit differ by the machine: no commit is to blame.
  if (c.cause == history::ChangeCause::environment)
    return "environment: " + (c.cause_detail.empty() ? "between reruns of " + short_commit(c.commit) : c.cause_detail);
  if (c.shape == ChangeShape::drift)
    return "drift over " + std::to_string(c.runs_spanned) + " runs, " + std::to_string(c.commits_spanned) + " commits";
  if (!c.placed)
    return "step somewhere in " + std::to_string(c.runs_spanned) + " runs, " + std::to_string(c.commits_spanned) +
           " commits";
  if (!listed.undone_at.empty())
    return std::string(c.change_pct > 0 ? "regression" : "improvement") + ", taken back at " + short_commit(listed.undone_at);
  if (!listed.undoes.empty()) return "step, takes back " + short_commit(listed.undoes);
  return "step";
}

// perfgate bisect's answer: the first commit with the change (linked), the
// range it narrowed to, or that it did not reproduce (the environment).
std::string bisection_html(const ListedChange& listed, const RepositoryLinks& links) {
  if (!listed.bisection) return "";
  const history::BisectionRecord& b = *listed.bisection;
  const std::string builds = " (" + std::to_string(b.builds) + " builds on " + b.testbed + ")";
  std::string html = "<br><span class=\"bisection\" data-outcome=\"" + xml_escape_attribute(b.outcome) + "\">bisected: ";
  if (b.outcome == "found")
    html += "first commit " + links.commit.html(b.first_commit, short_commit(b.first_commit));
  else if (b.outcome == "not_reproduced")
    html += xml_escape_text("not reproduced between " + short_commit(b.good_commit) + " and " + short_commit(b.bad_commit) +
                            ": the environment");
  else
    html += "between " + links.commit.html(b.last_good_commit, short_commit(b.last_good_commit)) + " and " +
            links.commit.html(b.first_commit, short_commit(b.first_commit));
  return html + xml_escape_text(builds) + "</span>";
}

std::string commit_cell(const ListedChange& listed, const RepositoryLinks& links) {
  const Change& c = listed.change;
  std::string html = "<td class=\"commit\" title=\"" + xml_escape_attribute(c.commit) + "\">" +
                     links.commit.html(c.commit, short_commit(c.commit));
  const bool ranged = (c.shape == ChangeShape::drift || !c.placed) && !c.end_commit.empty() && c.end_commit != c.commit;
  if (ranged) html += " to " + links.commit.html(c.end_commit, short_commit(c.end_commit));
  const std::string& to = ranged ? c.end_commit : c.commit;
  // Reruns of one commit have no range: the code did not change between them.
  if (links.compare.enabled() && !listed.from_commit.empty() && listed.from_commit != to)
    html += " <a class=\"compare\" href=\"" + xml_escape_attribute(links.compare.url(listed.from_commit, to)) +
            "\" title=\"" + xml_escape_attribute(short_commit(listed.from_commit) + ".." + short_commit(to)) +
            "\">compare</a>";
  return html + "</td>";
}

std::string ordinal_text(const Change& c) {
  std::string text = c.ordinal ? std::to_string(*c.ordinal) : "-";
  if ((c.shape == ChangeShape::drift || !c.placed) && c.end_ordinal && c.end_ordinal != c.ordinal)
    text += "-" + std::to_string(*c.end_ordinal);
  return text;
}

std::string row(const ListedChange& listed, const std::string& root, const RepositoryLinks& links) {
  const Change& c = listed.change;
  const std::string page = root + series_page_name({c.suite, c.testbed, c.benchmark});
  std::string html = "<tr class=\"" + std::string(c.change_pct > 0 ? "regression" : "improvement") + "\" data-shape=\"" +
                     history::to_string(c.shape) + "\" data-cause=\"" + history::to_string(c.cause) + "\">";
  html += "<td><a href=\"" + xml_escape_attribute(page) + "\">" + xml_escape_text(c.benchmark) + "</a></td>";
  html += cell(c.testbed) + "<td>" + xml_escape_text(what_happened(listed)) + bisection_html(listed, links) + "</td>" +
          commit_cell(listed, links);
  html += cell(ordinal_text(c), "num");
  html += cell(format_seconds(c.before_s), "num") + cell(format_seconds(c.after_s), "num");
  html += cell(percent_text(c.change_pct), c.change_pct > 0 ? "num slower" : "num faster");
  html += cell(p_value_text(c.p_value), "num");
  return html + "</tr>\n";
}

}  // namespace

std::vector<ListedChange> listed_changes(const std::vector<Change>& series_changes) {
  std::vector<ListedChange> listed;
  for (const Change& c : series_changes) listed.push_back({c, "", "", "", std::nullopt});
  for (std::size_t i = 0; i < series_changes.size(); ++i) {
    const std::optional<std::size_t> by = series_changes[i].undone_by;
    if (!by || *by >= series_changes.size() || *by == i) continue;  // no partner, or none this answer holds
    listed[i].undone_at = series_changes[*by].commit;
    listed[*by].undoes = series_changes[i].commit;
  }
  return listed;
}

std::string changes_table(const std::vector<ListedChange>& changes, const std::string& root, const RepositoryLinks& links) {
  std::string html =
      "<div class=\"table-scroll\"><table class=\"changes\">\n<thead><tr><th>benchmark</th><th>testbed</th><th>what</th><th>commit</th>"
      "<th class=\"num\">ordinal</th><th class=\"num\">before</th><th class=\"num\">after</th><th class=\"num\">change</th>"
      "<th class=\"num\">p</th></tr></thead>\n<tbody>\n";
  for (const ListedChange& c : changes) html += row(c, root, links);
  return html + "</tbody>\n</table></div>\n";
}

}  // namespace perfgate::dashboard
