#!/usr/bin/env bash
# The two commands of README.md, and their shared set-up.
#
#   bash tools/dev.sh demo   install what is missing, build, run the examples
#   bash tools/dev.sh test   install what is missing, build, run every test
#   bash tools/dev.sh deb    install what is missing, build, make the Debian package
#   bash tools/dev.sh sanitize  the same as test, built with ASan and UBSan
#                            (COALESCE_SANITIZE) in build-sanitize/
#
# Set-up is idempotent: packages already installed are not touched, and the
# build directory (COALESCE_BUILD_DIR, default build/; for sanitize
# COALESCE_SANITIZE_BUILD_DIR, default build-sanitize/) is reused.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${COALESCE_BUILD_DIR:-$ROOT/build}
LLVM_BIN=/usr/lib/llvm-22/bin
# The arm64 cross headers and libraries and qemu-user: AArch64 programs are
# built with clang --target=aarch64-linux-gnu, linked by ld.lld and run.
# dpkg-dev and file: CPack's DEB generator (dpkg-shlibdeps); pkgconf,
# ninja-build and meson: the tests of the installed package (test/package).
# csmith, libcsmith-dev and cvise: the gauntlet (tools/fuzz, docs/gauntlet.md).
PACKAGES=(llvm-22-dev clang-22 lld-22 llvm-22-tools binutils-dev mold
          cmake make g++ libgtest-dev python3 chromium
          libc6-dev-arm64-cross libstdc++-12-dev-arm64-cross qemu-user
          dpkg-dev file pkgconf ninja-build meson
          csmith libcsmith-dev cvise)
# sanitize: clang's shared ASan runtime, which the suite preloads.
SANITIZE_PACKAGES=(libclang-rt-22-dev)

log() { printf '==> %s\n' "$*" >&2; }

install_deps() {
  local missing=()
  for p in "${PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
      missing+=("$p")
  done
  if ((${#missing[@]} == 0)); then
    log "packages: all present"
    return
  fi
  log "installing: ${missing[*]}"
  local sudo=""
  if [[ $(id -u) != 0 ]]; then sudo=sudo; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

build() {
  log "building in $BUILD"
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD" -j "$(nproc)"
}

# ASan and UBSan need clang as the compiler (CMakeLists.txt, COALESCE_SANITIZE).
build_sanitize() {
  BUILD=${COALESCE_SANITIZE_BUILD_DIR:-$ROOT/build-sanitize}
  log "building with ASan and UBSan in $BUILD"
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCOALESCE_SANITIZE=ON \
    -DCMAKE_C_COMPILER="$LLVM_BIN/clang" -DCMAKE_CXX_COMPILER="$LLVM_BIN/clang++" >/dev/null
  cmake --build "$BUILD" -j "$(nproc)"
}

run_tests() {
  local failed=0 lit_out unit_out
  lit_out=$(mktemp) unit_out=$(mktemp)
  log "lit: IR, link and differential tests"
  "$LLVM_BIN/lit" -v "$BUILD/test" | tee "$lit_out" || failed=1
  log "unit tests (ctest)"
  (cd "$BUILD" && ctest --output-on-failure -j "$(nproc)") | tee "$unit_out" || failed=1
  # One closing line for the whole suite, summed over both runners.
  python3 - "$lit_out" "$unit_out" <<'PY'
import re, sys
lit, unit = (open(p).read() for p in sys.argv[1:3])
def n(pat, text):
    m = re.search(pat, text)
    return int(m.group(1)) if m else 0
lp = n(r"Passed\s*:\s*(\d+)", lit)
lf = sum(n(r"%s\s*:\s*(\d+)" % k, lit) for k in
         ("Failed", "Unresolved", "Timed Out", "Unexpectedly Passed"))
m = re.search(r"(\d+) tests failed out of (\d+)", unit)
uf, ut = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
print("lit: %d passed, %d failed; unit: %d passed, %d failed" % (lp, lf, ut - uf, uf))
print("tests: %d passed, %d failed" % (lp + ut - uf, lf + uf))
PY
  rm -f "$lit_out" "$unit_out"
  return $failed
}

demo() {
  bash "$ROOT/examples/run.sh" "$BUILD"
}

# The Debian package: BUILD/coalesce_<version>_<arch>.deb (cmake/Package.cmake).
deb() {
  log "packaging (cpack -G DEB)"
  local out
  out=$(mktemp)
  if ! (cd "$BUILD" && cpack -G DEB) >"$out" 2>&1; then
    cat "$out" >&2
    rm -f "$out"
    echo "dev.sh: cpack failed" >&2
    return 1
  fi
  grep -E 'package: .* generated' "$out" | sed 's/^CPack: - //'
  rm -f "$out"
}

cmd=${1:-}
case "$cmd" in
  demo) install_deps; build; demo ;;
  test) install_deps; build; run_tests ;;
  build) install_deps; build ;;
  deb) install_deps; build; deb ;;
  sanitize) install_deps "${SANITIZE_PACKAGES[@]}"; build_sanitize; run_tests ;;
  *) echo "usage: bash tools/dev.sh demo|test|build|deb|sanitize" >&2; exit 2 ;;
esac
