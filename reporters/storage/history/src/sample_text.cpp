#include "perfgate/history/sample_text.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

#include "perfgate/platform/errors.hpp"

namespace perfgate::history {

std::string samples_to_text(const std::vector<double>& samples) {
  std::string text;
  text.reserve(samples.size() * 24);
  char number[32];
  for (const double s : samples) {
    const auto [end, error] = std::to_chars(number, number + sizeof number, s);  // shortest round trip
    if (!text.empty()) text += ' ';
    text.append(number, static_cast<std::size_t>(end - number));
    (void)error;  // 32 bytes hold any double
  }
  return text;
}

std::vector<double> samples_from_text(std::string_view text, const std::string& where) {
  std::vector<double> samples;
  const char* at = text.data();
  const char* const end = text.data() + text.size();
  while (at < end) {
    double value = 0;
    const auto [next, error] = std::from_chars(at, end, value);
    if (error != std::errc() || (next < end && *next != ' ') || !std::isfinite(value))
      throw InputError(where + ": stored samples are not a list of numbers at character " +
                       std::to_string(at - text.data()));
    samples.push_back(value);
    at = next < end ? next + 1 : next;
  }
  return samples;
}

}  // namespace perfgate::history
