#!/usr/bin/env bash
# perfgate bisect on repositories made here (issue 45 item 7): a small
# project of 9 commits (c0 .. c8) built against an installed perfgate, its
# case BM_planted FACTOR times the work from commit P on (every other commit
# touches a notes file), bisected with --good c0 --bad c8 once for each P
# in 1..8; and once with no plant at all (bad does not differ from good).
# Prints one line a run: the plant, the outcome, the commit found, the
# builds used and the wall time.
#
#   tools/study/bisect-study.sh INSTALL_PREFIX [FACTOR] [ROUNDS]
#
# INSTALL_PREFIX holds bin/perfgate and perfgate's CMake package (ctest's
# example.install writes one to <build>/tests/example/install).
set -euo pipefail
prefix="$(cd "${1:?usage: bisect-study.sh INSTALL_PREFIX [FACTOR] [ROUNDS]}" && pwd)"
factor="${2:-3}"
rounds="${3:-4}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

make_project() {  # $1: the first commit with the plant (0: none)
  local repo="$work/p$1" plant="$1"
  mkdir -p "$repo"
  cat > "$repo/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(bisect_study LANGUAGES CXX)
enable_testing()
find_package(perfgate REQUIRED)
perfgate_add_suite(demo SOURCES demo_suite.cpp)
CMAKE
  cat > "$repo/demo_suite.cpp" <<'CPP'
#include "perfgate/perfgate.hpp"
#include "work_factor.hpp"
namespace {
double spin(long n) {
  double x = 1.0;
  for (long i = 0; i < n; ++i) { x = x * 1.0000001 + 1e-9; benchmark::DoNotOptimize(x); }
  return x;
}
void BM_planted(benchmark::State& s) { for (auto _ : s) benchmark::DoNotOptimize(spin(static_cast<long>(300000 * kPlantedFactor))); }
}  // namespace
BENCHMARK(BM_planted)->UseRealTime()->MinTime(0.02);
CPP
  echo "/build/" > "$repo/.gitignore"
  git -C "$repo" init -q -b main
  git -C "$repo" config user.email s@example.invalid
  git -C "$repo" config user.name s
  for c in 0 1 2 3 4 5 6 7 8; do
    local f=1
    if (( plant > 0 && c >= plant )); then f="$factor"; fi
    echo "inline constexpr double kPlantedFactor = $f;" > "$repo/work_factor.hpp"
    echo "commit $c" > "$repo/NOTES.txt"
    git -C "$repo" add -A && git -C "$repo" commit -q -m "c$c"
  done
  cmake -S "$repo" -B "$repo/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
  cmake --build "$repo/build" >/dev/null
}

printf "%-6s %-15s %-9s %-9s %6s %8s\n" plant outcome found planted builds seconds
for plant in 1 2 3 4 5 6 7 8 0; do
  make_project "$plant"
  repo="$work/p$plant"
  good="$(git -C "$repo" rev-list --reverse HEAD | head -1)"
  planted="-"
  if (( plant > 0 )); then planted="$(git -C "$repo" rev-list --reverse HEAD | sed -n "$((plant + 1))p" | cut -c1-7)"; fi
  set +e
  "$prefix/bin/perfgate" bisect --build-dir "$repo/build" --suite demo --case BM_planted --good "$good" --bad HEAD \
    --rounds "$rounds" --repetitions 2 --json "$work/answer.json" >/dev/null 2>"$work/log"
  code=$?
  set -e
  python3 - "$work/answer.json" "$plant" "$planted" "$code" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
first = doc["first_commit"]["commit"][:7] if doc["first_commit"] else "-"
print(f"{sys.argv[2]:<6} {doc['outcome'] + ' (' + sys.argv[4] + ')':<15} {first:<9} {sys.argv[3]:<9} {doc['builds']:>6} {doc['seconds']:>8.1f}")
PY
done
