#!/usr/bin/env python3
"""Is eSpeak NG's in-place reset exact? (issue 43)

A worker puts eSpeak NG's saved `.data`/`.bss` back before each segment and synthesizes it in
place (`EngineSnapshot`); the other way is a child forked from the freshly started engine for each
segment, which is exact by construction. This renders the same documents both ways, each into a
fresh output folder with its own cache, and compares every audio file and timing sidecar byte for
byte: the in-place run is exact on these documents if and only if every file is identical.

Documents: the whole shared corpus (Markdown, HTML, SSML, seven languages), the SSML tests'
fixtures and Samples/, eSpeak NG voices (each document's own language).

Usage: python3 Benchmarks/reset_proof.py [--recite .build/release/recite] [--jobs 2]
Exit status 0 when every file is identical, 1 otherwise; the work folder is removed.
"""
import argparse, hashlib, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "corpus")


def documents():
    paths = [os.path.join(ROOT, "Samples"), os.path.join(ROOT, "Tests", "ReciteSSMLTests", "Fixtures")]
    if os.path.isdir(SHARED):
        paths += [os.path.join(SHARED, kind) for kind in ("markdown", "html", "ssml", "multilingual")]
    else:
        print("reset_proof: ../shared/corpus is not beside the checkout; only Samples and the SSML fixtures are compared")
    return [p for p in paths if os.path.isdir(p)]


def render(recite, inputs, out, jobs, fork):
    env = dict(os.environ)
    if fork:
        env["RECITE_BENCH_FORK_SEGMENTS"] = "1"
    started = time.time()
    run = subprocess.run([recite, "build", *inputs, "-o", out, "--jobs", str(jobs), "--voice", "espeak"], env=env,
                         capture_output=True, text=True)
    summary = [line for line in run.stderr.splitlines() if line.startswith("rendered ")]
    return time.time() - started, (summary[-1] if summary else run.stderr.strip()[-300:])


def digests(folder):
    found = {}
    for base, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".recite")]
        for name in files:
            if name.endswith((".wav", ".timing.json", ".vtt", ".srt")):
                path = os.path.join(base, name)
                with open(path, "rb") as f:
                    found[os.path.relpath(path, folder)] = hashlib.sha256(f.read()).hexdigest()
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--recite", default=os.path.join(ROOT, ".build", "release", "recite"))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    check = subprocess.run([args.recite, "worker", "--check-reset", "--warm-up", "en-US"], capture_output=True, text=True)
    print(f"reset_proof: this machine's workers isolate segments by: {check.stdout.strip()}")
    inputs = documents()
    work = tempfile.mkdtemp(prefix="recite-reset-proof-")
    try:
        in_place, forked = os.path.join(work, "in-place"), os.path.join(work, "forked")
        seconds_a, summary_a = render(args.recite, inputs, in_place, args.jobs, fork=False)
        seconds_b, summary_b = render(args.recite, inputs, forked, args.jobs, fork=True)
        print(f"in place: {summary_a}")
        print(f"forked:   {summary_b}")
        a, b = digests(in_place), digests(forked)
        different = sorted(name for name in set(a) | set(b) if a.get(name) != b.get(name))
        segments = re.search(r"(\d+) segments synthesized", summary_a)
        print(f"reset_proof: {len(a)} files from {len(inputs)} folders ({segments.group(1) if segments else '?'} segments), "
              f"{len(different)} different; in place {seconds_a:.1f} s, forked {seconds_b:.1f} s")
        for name in different[:20]:
            print(f"  differs: {name}")
        return 1 if different or not a else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
