#include "perfgate/dashboard/page_name.hpp"

#include "perfgate/history/run_record.hpp"

namespace perfgate::dashboard {
namespace {

bool plain(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '-';
}

std::string slug(const std::string& name) {
  constexpr std::size_t kMaxSlug = 60;
  std::string out;
  for (char c : name) {
    if (out.size() >= kMaxSlug) break;
    if (plain(c)) out += c;
    else if (out.empty() || out.back() != '-') out += '-';
  }
  // A leading '.' would make a hidden file.
  while (!out.empty() && (out.front() == '.' || out.front() == '-')) out.erase(out.begin());
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "series" : out;
}

}  // namespace

std::string series_page_name(const history::SeriesKey& key) {
  const std::string hash = history::content_id({key.suite, key.testbed, key.benchmark}).substr(0, 8);
  return "series/" + slug(key.benchmark) + "-" + hash + ".html";
}

}  // namespace perfgate::dashboard
