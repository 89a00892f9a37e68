#!/usr/bin/env bash
# ci/lib.sh's package step: a test package that cannot be installed makes the
# test command fail under CI (CI set), and only warns on a developer's machine.
# apt-get and dpkg are replaced by functions, so nothing is installed here.
set -uo pipefail
source "$1"

perfgate_missing_packages() { [[ $1 == cmake ]] || echo "postgresql"; }  # build packages present
perfgate_apt_install() { return 100; }                                     # apt-get fails
failures=0
expect() {  # expect CODE DESCRIPTION -- command...
  local want=$1 what=$2; shift 3
  "$@" 2>/tmp/perfgate-lib-test.$$; local got=$?
  if [[ $got != "$want" ]]; then
    echo "FAIL: $what: exit $got, expected $want; stderr: $(cat /tmp/perfgate-lib-test.$$)"; failures=$((failures + 1))
  else
    echo "ok: $what: $(tr '\n' ' ' </tmp/perfgate-lib-test.$$)"
  fi
}
as_root() { id() { echo 0; }; perfgate_install_dependencies; }
as_user() { id() { echo 1000; }; perfgate_install_dependencies; }
export PERFGATE_TEST_PACKAGES=1
CI=true expect 2 "root under CI, install fails" -- as_root
CI=true expect 2 "not root under CI, package missing" -- as_user
unset CI
expect 0 "root on a developer's machine, install fails (tests skip)" -- as_root
expect 0 "not root on a developer's machine, package missing (tests skip)" -- as_user
rm -f /tmp/perfgate-lib-test.$$
exit $((failures > 0))
