#include "history_database.hpp"

#include "perfgate/platform/errors.hpp"

namespace perfgate::cli {

history::SeriesFilter since(history::SeriesFilter filter, const std::string& since_text) {
  if (!since_text.empty()) filter.since = history::parse_since(since_text, "--since");
  return filter;
}

}  // namespace perfgate::cli
