#!/usr/bin/env bash
# `make asan`: builds the tests with the address sanitizer into .build-asan and runs the whole
# suite there. Sanitizer reports go to .build-asan/asan-logs/ (one file per process: the tests
# start recite and its workers, whose reports would otherwise mix into captured output). Prints
# the suite's result and the number of reports; exits 1 if the suite failed or any report was
# written.
set -uo pipefail
cd "$(dirname "$0")/.."
scratch=.build-asan
logs="$scratch/asan-logs"
mkdir -p "$scratch"
if ! swift build --build-tests --sanitize=address --scratch-path "$scratch" > "$scratch/asan-build.log" 2>&1; then
    tail -n 30 "$scratch/asan-build.log" >&2
    echo "asan: the build failed; the whole log is $scratch/asan-build.log" >&2
    exit 2
fi
rm -rf "$logs" && mkdir -p "$logs"
# Leak checking is off: the Swift runtime and Foundation keep caches for the process's life.
export ASAN_OPTIONS="detect_leaks=0:log_path=$PWD/$logs/asan:abort_on_error=0"
swift test --skip-build --scratch-path "$scratch" > "$scratch/asan-tests.log" 2>&1
status=$?
reports=$(grep -l "ERROR: AddressSanitizer" "$logs"/asan* 2>/dev/null | wc -l)
grep -E "^(✔|✘) Test run with|Executed [0-9]+ tests" "$scratch/asan-tests.log" | tail -n 2
echo "asan: $reports sanitizer report(s)$([ "$reports" -gt 0 ] && echo " in $logs")"
if [ "$status" -ne 0 ]; then
    grep -E "^✘" "$scratch/asan-tests.log" | head -n 20
    echo "asan: the suite failed (exit $status); the log is $scratch/asan-tests.log"
    exit 1
fi
[ "$reports" -eq 0 ]
