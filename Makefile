FUZZ_SECONDS ?= 60

bench:
	swift build -c release
	python3 Benchmarks/bench.py
	python3 Benchmarks/neural.py
	python3 Benchmarks/normalize.py
	python3 Benchmarks/audiobook.py
	RECITE_BENCH=1 swift build -c release --product library-speed
	.build/release/library-speed

# libFuzzer harnesses (address sanitizer), each run FUZZ_SECONDS; see Fuzz/run.sh.
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Fuzz/run.sh

.PHONY: bench fuzz
