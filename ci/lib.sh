# Shared by the ci/ scripts: dependencies, configure and build.
# Usage: source ci/lib.sh; perfgate_build [preset [--target X ...]]

perfgate_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Debian packages perfgate builds with (the CUDA toolkit is installed apart).
perfgate_packages=(cmake ninja-build g++ libbenchmark-dev libgtest-dev libgmock-dev
                   nlohmann-json3-dev libcli11-dev libxml2-dev util-linux
                   libsimdjson-dev  # Google Benchmark JSON read in a stream (big inputs in bounded memory)
                   libsqlite3-dev libpq-dev  # the history store: SQLite by default, PostgreSQL for a team
                   libssl-dev  # SHA-256: the history dashboard's page names
                   libjs-dygraphs  # the history dashboard's charts (copied into every site, with its licence)
                   valgrind  # --perfgate_instructions: callgrind counts host cases (its callgrind.h marks them)
                   clang libclang-rt-dev  # clang + libFuzzer runtime: ci/fuzz.sh
                   ccache)  # compiler cache: a second build on the same machine reuses the first's objects
# Real parts some tests run against (ci/test.sh sets PERFGATE_TEST_PACKAGES=1);
# where one cannot be installed, its tests skip with the reason.
perfgate_test_packages=(postgresql  # a private server for the history store's real-server tests
                        chromium    # the HTML reports in a real browser, headless and offline
                        python3-jsonschema  # output files against docs/schemas (tests/schema)
                        groff-base)  # the man page rendered and checked (tests/e2e/cli_conventions)

perfgate_missing_packages() {
  local package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || echo "$package"
  done
}

perfgate_apt_install() {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

perfgate_install_dependencies() {
  local missing=() optional=()
  mapfile -t missing < <(perfgate_missing_packages "${perfgate_packages[@]}")
  [[ ${PERFGATE_TEST_PACKAGES:-0} == 1 ]] && mapfile -t optional < <(perfgate_missing_packages "${perfgate_test_packages[@]}")
  if [[ $(id -u) -ne 0 ]]; then
    if ((${#optional[@]} > 0)); then
      if [[ -n ${CI:-} ]]; then
        echo "perfgate: error: not installed and not root to install them: ${optional[*]}; under CI their tests must run" >&2
        return 2
      fi
      echo "perfgate: not installed (their tests will skip): ${optional[*]}" >&2
    fi
    ((${#missing[@]} == 0)) && return 0
    echo "perfgate: missing Debian packages: ${missing[*]}" >&2
    echo "perfgate: install them with: sudo apt-get install ${missing[*]}" >&2
    return 2
  fi
  if ((${#missing[@]} > 0)); then
    echo "perfgate: installing ${missing[*]}"
    perfgate_apt_install "${missing[@]}" || return 2
  fi
  if ((${#optional[@]} > 0)); then
    echo "perfgate: installing for the tests: ${optional[*]}"
    if ! perfgate_apt_install "${optional[@]}"; then
      # Under CI a failed install would turn every PostgreSQL and browser test
      # into a skip and the run green: there it is a failure.
      if [[ -n ${CI:-} ]]; then
        echo "perfgate: error: could not install ${optional[*]} for the tests; under CI they must run" >&2
        return 2
      fi
      echo "perfgate: could not install ${optional[*]}: their tests will skip" >&2
    fi
  fi
  return 0
}

# nvcc outside PATH is still found (CMake also looks in /usr/local/cuda).
perfgate_cuda_path() {
  if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
    export PATH="/usr/local/cuda/bin:$PATH"
  fi
}

# Through ccache when it is installed (CI jobs that cache it): paths
# relative to the source, so the reference builds of `perfgate run
# --against` (a worktree with the same layout) reuse what this build compiled.
perfgate_compiler_launcher() {
  command -v ccache >/dev/null 2>&1 || return 0
  echo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache
}

# ccache's settings for this tree: paths relative to the source (above);
# a precompiled header's macros and time stamps trusted where one is used
# (a build through ccache has none: tests/CMakeLists.txt; CMake rebuilds a
# header whenever what it includes changes); depend mode, so a miss (every
# file of a first build) costs no extra preprocessor pass: the compiler's
# own -MD list names what was read.
perfgate_ccache_settings() {
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$perfgate_root}"
  export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
  export CCACHE_DEPEND="${CCACHE_DEPEND:-1}"
}

# Usage: perfgate_build [preset [cmake --build arguments, e.g. --target X]]
perfgate_build() {
  local preset="${1:-default}"
  (($# > 0)) && shift
  perfgate_install_dependencies
  perfgate_cuda_path
  cd "$perfgate_root"
  perfgate_ccache_settings
  # shellcheck disable=SC2046  # the launcher flags are words
  cmake --preset "$preset" $(perfgate_compiler_launcher)
  cmake --build --preset "$preset" --parallel "$(nproc)" "$@"
}
