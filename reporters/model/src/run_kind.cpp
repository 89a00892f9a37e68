#include "perfgate/model/run_kind.hpp"

#include <algorithm>

#include "perfgate/platform/errors.hpp"

namespace perfgate {

void require_run_kind(const std::string& kind, const std::string& where) {
  if (std::find(kRunKinds.begin(), kRunKinds.end(), kind) != kRunKinds.end()) return;
  throw InputError(where + "=" + printable_text(kind) + ": expected main, pr or ab");
}

}  // namespace perfgate
