#include "main/run_history.hpp"

#include "perfgate/platform/errors.hpp"

namespace perfgate {

std::unique_ptr<RunHistory> open_run_history(const std::string& url, const std::string& kind) {
  if (!this_suite.open_history)
    throw InputError("--perfgate_history: this suite binary was built without perfgate's History component "
                     "(find_package(perfgate COMPONENTS History), which needs libsqlite3-dev and libpq-dev where "
                     "the suite is built)");
  return this_suite.open_history(url, kind);
}

}  // namespace perfgate
