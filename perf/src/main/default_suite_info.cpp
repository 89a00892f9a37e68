// Its own translation unit, and weak: the linker takes this definition only
// when the suite did not provide one (see suite_info.hpp).
#include "perfgate/runtime/suite_info.hpp"

namespace perfgate {
[[gnu::weak]] extern const SuiteInfo this_suite = {"", false, ""};
}
