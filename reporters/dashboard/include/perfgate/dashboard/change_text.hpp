#pragma once
// A change's figures as the site's tables print them.

#include <string>

namespace perfgate::dashboard {

std::string percent_text(double change_pct);  // "+25.0%"
std::string p_value_text(double p);           // "3.1e-07"

}  // namespace perfgate::dashboard
