#include "perfgate/model/same_origin.hpp"

#include <utility>

namespace perfgate {

std::optional<OriginMismatch> origin_mismatch(const Results& a, const Results& b, SlugCheck slugs) {
  if (a.suite != b.suite) return OriginMismatch{OriginMismatch::Part::suite, ""};
  std::string why;  // comparable() leaves it empty when the devices compare
  const bool same_device = comparable(a.fingerprint, b.fingerprint, &why);
  const bool same_slug = slugs == SlugCheck::any_slug || a.fingerprint.slug == b.fingerprint.slug;
  if (same_device && same_slug) return std::nullopt;
  return OriginMismatch{OriginMismatch::Part::device, std::move(why)};
}

}  // namespace perfgate
