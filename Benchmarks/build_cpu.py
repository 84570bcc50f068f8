#!/usr/bin/env python3
"""CPU seconds of a build and of its workers, apart: what the build process itself costs next to
synthesis (user and system time apart). Samples /proc/PID/stat of recite and its worker processes every 20 ms while it runs
(the last 20 ms may be missed).

Usage: python3 Benchmarks/build_cpu.py INPUT OUT [--jobs N] [--recite .build/release/recite]
OUT is removed first, so that every segment is synthesized.
"""
import argparse, os, shutil, subprocess, time

ap = argparse.ArgumentParser()
ap.add_argument("input")
ap.add_argument("out")
ap.add_argument("--jobs", default="2")
ap.add_argument("--recite", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build/release/recite"))
args = ap.parse_args()
shutil.rmtree(args.out, ignore_errors=True)
tick = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) / tick, int(fields[12]) / tick)
    except (OSError, IndexError):
        return None


start = time.monotonic()
proc = subprocess.Popen([args.recite, "build", args.input, "-o", args.out, "--jobs", args.jobs, "--voice", "espeak"], stderr=subprocess.DEVNULL)
last = {}
while proc.poll() is None:
    children = []
    try:
        for task in os.listdir(f"/proc/{proc.pid}/task"):
            children += open(f"/proc/{proc.pid}/task/{task}/children").read().split()
    except OSError:
        pass
    for pid in [proc.pid] + [int(c) for c in children]:
        seconds = cpu_seconds(pid)
        if seconds is not None:
            last[pid] = seconds
    time.sleep(0.02)
wall = time.monotonic() - start
user, system = last.pop(proc.pid, (0.0, 0.0))
workers = [u + s for u, s in last.values()]
print(f"--jobs {args.jobs}: {wall:.2f} s wall; build {user + system:.2f} s CPU ({user:.2f} user, {system:.2f} system); "
      f"workers {sum(workers):.2f} s CPU ({', '.join(f'{v:.2f}' for v in workers)})")
