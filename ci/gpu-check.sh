#!/usr/bin/env bash
# The GPU checks, on a machine with an NVIDIA GPU: build with CUDA required,
# then run every test and suite labelled `gpu` (the GPU tests, which skip
# nowhere here, and the GPU suites' gate and smoke runs).
#
# A GPU runner without Debian's packages (no apt, no network) can take them
# as .deb files: `apt-get download` them on a machine that has apt, put them
# in <repo>/.debs/, and this script unpacks them into a private sysroot.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${PERFGATE_GPU_BUILD_DIR:-$root/build-gpu}"
cd "$root"

prefix_args=()
if [[ -d .debs ]] && ls .debs/*.deb >/dev/null 2>&1; then
  sysroot="${PERFGATE_SYSROOT:-/tmp/perfgate-sysroot}"
  for deb in .debs/*.deb; do dpkg -x "$deb" "$sysroot"; done
  prefix_args=(-DCMAKE_PREFIX_PATH="$sysroot/usr")
  export LD_LIBRARY_PATH="$sysroot/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "perfgate: dependencies from .debs/ unpacked into $sysroot"
else
  source ci/lib.sh
  perfgate_install_dependencies
fi
command -v nvcc >/dev/null 2>&1 || export PATH="/usr/local/cuda/bin:$PATH"

# CMake 4 refuses package files written for CMake < 3.5 without this.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPERFGATE_CUDA=ON \
  -DCMAKE_CUDA_ARCHITECTURES="${PERFGATE_CUDA_ARCHITECTURES:-90}" -DCMAKE_POLICY_VERSION_MINIMUM=3.5 \
  "${prefix_args[@]}"
cmake --build "$build" --parallel "$(nproc)"
ctest --test-dir "$build" -L gpu --output-on-failure --output-junit "$build/ctest-gpu-junit.xml" "$@"
