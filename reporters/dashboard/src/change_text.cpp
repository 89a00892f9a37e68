#include "perfgate/dashboard/change_text.hpp"

#include <cstdio>

#include "perfgate/model/time_text.hpp"

namespace perfgate::dashboard {

std::string percent_text(double change_pct) { return format_percent(change_pct, 1); }

std::string p_value_text(double p) {
  // Below double's precision near 1 the t distribution's tail underflows to 0.
  if (p < 1e-16) return "< 1e-16";
  char text[32];
  std::snprintf(text, sizeof text, "%.2g", p);
  return text;
}

}  // namespace perfgate::dashboard
