bench:
	swift build -c release
	python3 Benchmarks/bench.py

.PHONY: bench
