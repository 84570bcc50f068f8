#!/usr/bin/env python3
"""A synthesis worker alone: sends each line of a text file as one segment to `recite worker` over
its protocol and prints the worker's CPU time per second of audio (compare with espeak_loop.c,
the same synthesis with nothing around it).

Usage: python3 Benchmarks/worker_replay.py TEXT-FILE [--recite .build/release/recite]
"""
import argparse, json, os, struct, subprocess, time

ap = argparse.ArgumentParser()
ap.add_argument("text")
ap.add_argument("--recite", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build/release/recite"))
args = ap.parse_args()
lines = [l.strip() for l in open(args.text) if l.strip()]
worker = subprocess.Popen([args.recite, "worker", "--warm-up", "en-US"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def frame():
    (length,) = struct.unpack("<I", worker.stdout.read(4))
    return worker.stdout.read(length)


def cpu_seconds():
    fields = open(f"/proc/{worker.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


hello = frame().split()
rate = int(hello[0])
if any(w.startswith(b"shared=") for w in hello[1:]):
    # The worker offers shared memory for samples; this script takes them through the pipe.
    worker.stdin.write(struct.pack("<I", 4) + b"pipe")
    worker.stdin.flush()
MARKUP_TO_SPACE = str.maketrans("<>&", "   ")
before, start, samples = cpu_seconds(), time.monotonic(), 0
for line in lines:
    # The typed words (SpeechInput): one token per written word, with the characters SSML would
    # take as markup made spaces, as the segmenter gives them.
    tokens = [{"t": word} for word in line.translate(MARKUP_TO_SPACE).split()]
    request = json.dumps({"speech": {"tokens": tokens, "endsWithStandIn": False}, "language": "en-US",
                          "rate": 175, "pitch": 50, "volume": 100}).encode()
    worker.stdin.write(struct.pack("<I", len(request)) + request)
    worker.stdin.flush()
    header = frame()
    samples += len(frame()) // 2
    if header[:1] != b"\x00":
        raise SystemExit(f"the worker refused a segment: {header[1:].decode()}")
cpu, wall = cpu_seconds() - before, time.monotonic() - start
worker.stdin.close()
worker.wait()
audio = samples / rate
print(f"{audio:.1f} s of audio; worker {cpu:.2f} s CPU ({audio / cpu:.0f} s of audio per CPU second), {wall:.2f} s wall")
