#!/usr/bin/env python3
"""A long paragraph of real prose against the same text in paragraphs (issue 25): time and peak
memory of `recite build --jobs 2`, each from an empty cache, in one run.

Each row gives wall time and the CPU seconds of recite's own process (the parsing, normalizing,
segmenting and stitching a long paragraph strains; fair on a busy machine). Rows: 250 kB as one line (white space collapsed, as text pasted from elsewhere), the same as one
paragraph of lines (a text file whose paragraphs are separated by single newlines), and the same
in paragraphs (the anchor); then 1 MB as one line against 1 MB in paragraphs. The prose is the
shared corpus's (Benchmarks/real_prose.py): generated sentences have no bare URLs or brackets,
and hid the quadratic path a real article took (a bare URL sent the Markdown cursor to the next
`]` on the line). The corpus holds about 300 kB of English prose, so 1 MB repeats it: repeated
sentences come from the segment cache, alike on both sides.

Usage: python3 Benchmarks/long_paragraph.py [--recite .build/release/recite] [--quick]
Writes under /tmp/recite-bench-paragraph and removes it.
"""
import argparse, os, resource, shutil, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import real_prose  # noqa: E402
from bench import peak_memory  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = "/tmp/recite-bench-paragraph"


def render(recite, name, text):
    folder = os.path.join(WORK, name)
    os.makedirs(folder)
    with open(os.path.join(folder, "long.md"), "w", encoding="utf-8") as f:
        f.write(text)
    start, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    parent, tree = peak_memory([recite, "build", folder, "-o", folder + "-out", "--cache", folder + "-cache", "--jobs", "2", "--voice", "espeak"])
    wall, after = time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    # CPU seconds of recite's own process (its workers are not waited for, so they do not count
    # here; they say the same sentences in both shapes): where a long paragraph's cost would show,
    # and unlike wall time, independent of what else the machine is doing.
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    shutil.rmtree(folder + "-out")
    shutil.rmtree(folder + "-cache")
    return wall, cpu, parent, tree


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--quick", action="store_true", help="125 kB and 250 kB instead of 250 kB and 1 MB")
    args = ap.parse_args()
    recite = os.path.abspath(args.recite)
    shutil.rmtree(WORK, ignore_errors=True)
    try:
        for size, shapes in ((125_000 if args.quick else 250_000, ("one line", "lines", "paragraphs")),
                             (250_000 if args.quick else 1_000_000, ("one line", "paragraphs"))):
            paragraphs = real_prose.prose(size)
            texts = {"one line": " ".join(real_prose.one_paragraph(paragraphs).split()) + "\n",
                     "lines": real_prose.one_paragraph(paragraphs),
                     "paragraphs": real_prose.separate_paragraphs(paragraphs)}
            measured = {}
            for shape in shapes:
                measured[shape] = render(recite, f"{size}-{shape.replace(' ', '-')}", texts[shape])
                wall, cpu, parent, tree = measured[shape]
                label = {"one line": "one paragraph on one line", "lines": "one paragraph of lines",
                         "paragraphs": "paragraphs (anchor)"}[shape]
                print(f"{size / 1000:.0f} kB of real prose as {label}: {wall:.1f} s ({cpu:.1f} s of recite's own CPU); peak memory {parent:.0f} MB (recite), "
                      f"{tree:.0f} MB (with workers)")
            ratio = measured["one line"][0] / measured["paragraphs"][0]
            cpu_ratio = measured["one line"][1] / measured["paragraphs"][1]
            print(f"{size / 1000:.0f} kB one line / paragraphs: {ratio:.2f}x the time, {cpu_ratio:.2f}x recite's own CPU "
                  f"(target <= 1.3x), peak {measured['one line'][2]:.0f} MB (target < 300 MB)")
    finally:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
