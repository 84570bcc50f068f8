#!/usr/bin/env python3
"""Audiobook benchmark (issue 17): a 10-hour book bound as M4B, against the goal of under
5 minutes and 250 MB on this machine's 2 cores. Prints, from one run:

- `recite book FOLDER --format m4b` from nothing: wall time, hours of audio, peak memory (recite
  alone, and recite with its workers, shared pages counted once);
- the same command again with every chapter unchanged: only the binding (FLAC chapters read,
  AAC encoded, chapters and tags written), with its peak memory;
- binding the same chapters as WAV, the format that needs no encoding, side by side.

Usage: python3 Benchmarks/audiobook.py [--recite .build/release/recite] [--hours 10]
The book (30 articles) is written under /tmp/recite-bench-book.
"""
import argparse, json, os, random, shutil, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, article, peak_memory  # noqa: E402

WORK = "/tmp/recite-bench-book"


def timed(cmd):
    start = time.monotonic()
    parent, tree = peak_memory(cmd)
    return time.monotonic() - start, parent, tree


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--hours", type=float, default=10)
    args = ap.parse_args()
    shutil.rmtree(WORK, ignore_errors=True)
    folder = os.path.join(WORK, "articles")
    os.makedirs(folder)
    rng = random.Random(17)
    chapters = 30
    for i in range(chapters):
        with open(os.path.join(folder, f"{i + 1:02d}-chapter.md"), "w") as f:
            # About 175 words a minute.
            f.write(article(rng, int(args.hours * 60 * 175 / chapters)))
    out = os.path.join(WORK, "out")
    book = [args.recite, "book", folder, "-o", out, "--format", "m4b", "--title", "Benchmark", "--jobs", "2"]

    wall, parent, tree = timed(book)
    with open(os.path.join(out, "book.chapters.json")) as f:
        hours = json.load(f)["duration"] / 3600
    print(f"{args.hours:g}-hour book as M4B from nothing: {hours:.2f} h of audio in {wall:.1f} s "
          f"({wall / 60:.1f} min; goal < 5 min); peak memory {parent:.0f} MB (recite), "
          f"{tree:.0f} MB (with its workers) (goal < 250 MB)")

    wall, parent, tree = timed(book)
    print(f"the same, chapters unchanged (binding only: FLAC read, AAC encoded): {wall:.1f} s; "
          f"peak memory {parent:.0f} MB (recite), {tree:.0f} MB (with its workers)")

    wav = [args.recite, "book", folder, "-o", out, "--format", "flac", "--name", "book-flac", "--jobs", "2"]
    wall, parent, tree = timed(wav)
    print(f"anchor, the same chapters bound as FLAC (no lossy encoding): {wall:.1f} s; peak memory {parent:.0f} MB")
    size = os.path.getsize(os.path.join(out, "book.m4b")) / 1e6
    print(f"book.m4b: {size:.0f} MB ({size * 8000 / (hours * 3600):.0f} kb/s average)")


if __name__ == "__main__":
    main()
