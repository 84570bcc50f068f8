FUZZ_SECONDS ?= 60

bench:
	swift build -c release
	python3 Benchmarks/bench.py
	python3 Benchmarks/long_paragraph.py
	python3 Benchmarks/neural.py
	python3 Benchmarks/kokoro.py
	python3 Benchmarks/normalize.py
	python3 Benchmarks/audiobook.py
	RECITE_BENCH=1 swift build -c release --product library-speed
	.build/release/library-speed

# Thirty nights (SOAK_NIGHTS) of a nightly cron job over real articles, with kills, full disks and
# unreadable files at random (SOAK_SEED); fails if any night lost anything. See Benchmarks/soak.py.
soak:
	swift build -c release
	python3 Benchmarks/soak.py

# libFuzzer harnesses (address sanitizer), each run FUZZ_SECONDS; see Fuzz/run.sh.
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Fuzz/run.sh

# The whole test suite under the address sanitizer (heap and stack overflows, use after free,
# leaks are not checked: the Swift runtime keeps its caches), in a build folder of its own.
# Prints the suite's result line and the count of sanitizer reports, and fails on either.
asan:
	bash Fuzz/asan.sh

.PHONY: bench soak fuzz asan
