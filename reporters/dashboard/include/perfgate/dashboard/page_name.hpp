#pragma once
// Where a series' trend page lives in the site.  Benchmark names hold '/',
// spaces, quotes and any Unicode; a file name must hold none of that, and two
// names that sanitize alike must still get two files.

#include <string>

#include "perfgate/history/series.hpp"

namespace perfgate::dashboard {

// "series/<slug>-<hash>.html": the slug is the benchmark name with every
// run of characters outside [A-Za-z0-9._-] made one '-', at most 60 bytes;
// the hash is 20 hex digits (80 bits) of SHA-256 over suite, testbed and
// benchmark.  The site writer still refuses two series given one page.
std::string series_page_name(const history::SeriesKey& key);

}  // namespace perfgate::dashboard
