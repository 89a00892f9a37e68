#include "main/listing_request.hpp"

#include <algorithm>

namespace perfgate {

bool wants_listing(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(), [](const std::string& a) {
    return a == "--benchmark_list_tests" || a == "--benchmark_list_tests=true";
  });
}

}  // namespace perfgate
