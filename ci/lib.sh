# Shared by the ci/ scripts: dependencies, configure and build.
# Usage: source ci/lib.sh; perfgate_build [preset]

perfgate_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Debian packages perfgate builds with (the CUDA toolkit is installed apart).
perfgate_packages=(cmake ninja-build g++ libbenchmark-dev libgtest-dev libgmock-dev
                   nlohmann-json3-dev libcli11-dev libxml2-dev util-linux
                   libsqlite3-dev libpq-dev postgresql  # the history store and its real-server test
                   clang libclang-rt-dev  # clang + libFuzzer runtime: ci/fuzz.sh
                   chromium)  # tests only: the HTML report in a real browser

perfgate_install_dependencies() {
  local missing=() package
  for package in "${perfgate_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  ((${#missing[@]} == 0)) && return 0
  if [[ $(id -u) -ne 0 ]]; then
    echo "perfgate: missing Debian packages: ${missing[*]}" >&2
    echo "perfgate: install them with: sudo apt-get install ${missing[*]}" >&2
    return 2
  fi
  echo "perfgate: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# nvcc outside PATH is still found (CMake also looks in /usr/local/cuda).
perfgate_cuda_path() {
  if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
    export PATH="/usr/local/cuda/bin:$PATH"
  fi
}

perfgate_build() {
  local preset="${1:-default}"
  perfgate_install_dependencies
  perfgate_cuda_path
  cd "$perfgate_root"
  cmake --preset "$preset"
  cmake --build --preset "$preset" --parallel "$(nproc)"
}
