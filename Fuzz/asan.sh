#!/usr/bin/env bash
# `make asan`: builds the tests with the address sanitizer into .build-asan and runs the whole
# suite there. Sanitizer reports go to .build-asan/asan-logs/ (one file per process: the tests
# start recite and its workers, whose reports would otherwise mix into captured output). Prints
# the suite's result and the reports by origin; exits 1 if the suite failed or a report came from
# anywhere but the tests' crash hooks and the reset check's child (see below).
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
# Memory faults are left to the kernel (handle_segv=0): the tests crash processes on purpose
# (RECITE_TEST_CRASH_*) and check that they die by the signal, as they do outside the sanitizer.
# The Swift runtime's own crash handler is off too: under the sanitizer its reader of the crashed
# stack is itself reported (a stack-buffer overflow in CrashHandlerLinux.cpp), and the process then
# exits instead of dying by its signal.
export ASAN_OPTIONS="detect_leaks=0:handle_segv=0:handle_sigbus=0:log_path=$PWD/$logs/asan:abort_on_error=0"
export SWIFT_BACKTRACE=enable=no
swift test --skip-build --scratch-path "$scratch" > "$scratch/asan-tests.log" 2>&1
status=$?
# Reports by where they come from: the tests' own crash hooks (RECITE_TEST_CRASH_*: a write to
# address 0x10, on purpose); the child in which a worker checks whether putting eSpeak NG's saved
# state back is exact (WorkerLoop.resetIsExact: the check runs in a child precisely because it may
# fail, and a failure makes the worker fork per segment instead); and everything else, which fails
# the run.
hooks=0 probe=0 other=0
for report in $(grep -l "ERROR: AddressSanitizer" "$logs"/asan* 2>/dev/null); do
    if grep -q "SEGV on unknown address 0x000000000010\|CrashHandlerLinux" "$report"; then hooks=$((hooks + 1))
    elif grep -q "resetIsExact" "$report"; then probe=$((probe + 1))
    else other=$((other + 1)); echo "asan: report $report:"; sed -n '2,12p' "$report"
    fi
done
grep -E "^(✔|✘) Test run with|Executed [0-9]+ tests" "$scratch/asan-tests.log" | tail -n 2
echo "asan: $other unexpected report(s); $hooks from the tests' crash hooks; $probe from the eSpeak NG reset check's child"
if [ "$status" -ne 0 ]; then
    grep -E "^✘" "$scratch/asan-tests.log" | head -n 20
    echo "asan: the suite failed (exit $status); the log is $scratch/asan-tests.log"
    exit 1
fi
[ "$other" -eq 0 ]
