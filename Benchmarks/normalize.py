#!/usr/bin/env python3
"""Normalization speed (issue 16): `recite normalize` on one core, in megabytes of input text per
second, beside the goal of 2 MB/s, for English, Spanish and Italian.

The goal is for plain English prose: the text of Samples/ (and of ../shared/corpus when it is
there) as the Markdown parser hands it on. The inputs of the development sets in Eval/ (real
sentences full of numbers, units, dates and symbols, far denser than prose) are timed too, for
English, Spanish and Italian. Each text is repeated to about 4 MB. Each figure is the best of --rounds runs, pinned to CPU 0
with taskset so that it measures one core.

Usage: python3 Benchmarks/normalize.py [--recite .build/release/recite] [--rounds 3] [--megabytes 4]
"""
import argparse, glob, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOAL = 2.0


def inputs(tsv):
    lines = []
    with open(tsv, encoding="utf-8") as f:
        for i, line in enumerate(f):
            cols = line.rstrip("\n").split("\t")
            if i == 0 and line.startswith("class\tinput") or line.startswith("#") or len(cols) < 3:
                continue
            lines.append(cols[1])
    return lines


def prose(folder):
    """The text of Markdown files as the parser hands it on: no code, tables, HTML or link targets."""
    lines = []
    for path in sorted(glob.glob(os.path.join(folder, "**", "*.md"), recursive=True)):
        code = False
        with open(path, encoding="utf-8") as f:
            for line in f:
                s = line.strip()
                if s.startswith("```"):
                    code = not code
                    continue
                if code or not s or s.startswith(("|", "<", "    ")):
                    continue
                s = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", s)
                s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
                s = re.sub(r"<[^>]+>", "", s)
                s = re.sub(r"^[#>*+-]+\s*", "", s)
                s = re.sub(r"[*_`]+", "", s)
                if len(s.split()) > 3:
                    lines.append(s)
    return lines


def repeated(lines, megabytes):
    text = "\n".join(lines) + "\n"
    size = int(megabytes * 1_000_000)
    return (text * (size // len(text.encode()) + 1))[:size].rsplit("\n", 1)[0] + "\n"


def timed(recite, language, path, rounds):
    pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    best = None
    for _ in range(rounds):
        with open(path, "rb") as source:
            start = time.monotonic()
            proc = subprocess.run(pin + [recite, "normalize", "--lang", language], stdin=source,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            elapsed = time.monotonic() - start
        if proc.returncode != 0:
            sys.exit(f"recite normalize --lang {language} failed: {proc.stderr.decode()[:400]}")
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--megabytes", type=float, default=4)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="recite-normalize-bench-")
    shared = os.path.join(ROOT, "..", "shared", "corpus", "markdown")
    cases = [("English prose (Samples)", "en-US", prose(os.path.join(ROOT, "Samples"))),
             ("Prose of ../shared/corpus (if present)", "en-US", prose(shared) if os.path.isdir(shared) else []),
             ("English dev sets (NeMo + real)", "en-US", inputs(os.path.join(ROOT, "Eval/en-real.tsv")) if os.path.exists(os.path.join(ROOT, "Eval/en-real.tsv")) else []),
             ("Spanish dev set", "es-ES", inputs(os.path.join(ROOT, "Eval/es.tsv"))),
             ("Italian dev set", "it-IT", inputs(os.path.join(ROOT, "Eval/it.tsv")))]
    print(f"normalization speed on one core (goal {GOAL:.1f} MB/s), best of {args.rounds}")
    print(f"{'text':34} {'lang':6} {'MB':>5} {'seconds':>8} {'MB/s':>6}  vs goal")
    try:
        for name, language, lines in cases:
            if not lines:
                continue
            text = repeated(lines, args.megabytes)
            path = os.path.join(work, f"{language}.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            megabytes = len(text.encode()) / 1_000_000
            seconds = timed(args.recite, language, path, args.rounds)
            speed = megabytes / seconds
            print(f"{name:34} {language:6} {megabytes:5.1f} {seconds:8.2f} {speed:6.2f}  {speed / GOAL:.2f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
