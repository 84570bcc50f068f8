#!/usr/bin/env python3
"""Audiobook benchmark (issue 17): a 10-hour book bound as M4B, against the goal of under
5 minutes and 250 MB on this machine's 2 cores. Prints, from one run:

- `recite book FOLDER --format m4b` from nothing: wall time, hours of audio, peak memory (recite
  alone, and recite with its workers, shared pages counted once);
- the same command again with every chapter unchanged: only the binding (FLAC chapters read,
  AAC encoded, chapters and tags written), with its peak memory;
- binding the same chapters as FLAC, which needs no lossy encoding, side by side;
- a 20-hour novel as an EPUB (40 chapters, a nested table of contents) bound as a FLAC book:
  time and peak memory, against the goal of under 300 MB (issue 18).

Usage: python3 Benchmarks/audiobook.py [--recite .build/release/recite] [--hours 10] [--novel-hours 20]
The book (30 articles) is written under /tmp/recite-bench-book.
"""
import argparse, html, json, os, random, shutil, subprocess, sys, time, zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, article, peak_memory, sentence  # noqa: E402

WORK = "/tmp/recite-bench-book"


def timed(cmd):
    start = time.monotonic()
    parent, tree = peak_memory(cmd)
    return time.monotonic() - start, parent, tree


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--hours", type=float, default=10)
    ap.add_argument("--novel-hours", type=float, default=20)
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
    bench_novel(args.recite, args.novel_hours)


def novel(path, hours, rng):
    """An EPUB 3 of `hours` of reading: 10 parts of 4 chapters, each chapter its own XHTML file."""
    words_per_chapter = int(hours * 60 * 175 / 40)
    nav, manifest, spine = [], [], []
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" '
                   'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile '
                   'full-path="OPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
        for part in range(10):
            chapters = []
            for k in range(4):
                n = part * 4 + k + 1
                paragraphs, count = [], 0
                while count < words_per_chapter:
                    p = " ".join(sentence(rng) for _ in range(rng.randint(3, 6)))
                    count += len(p.split())
                    paragraphs.append(f"<p>{html.escape(p)}</p>")
                body = f"<h1>Chapter {n}</h1>\n" + "\n".join(paragraphs)
                z.writestr(f"OPS/c{n}.xhtml", '<?xml version="1.0" encoding="UTF-8"?><html '
                           f'xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter {n}</title></head><body>{body}</body></html>',
                           compress_type=zipfile.ZIP_DEFLATED)
                manifest.append(f'<item id="c{n}" href="c{n}.xhtml" media-type="application/xhtml+xml"/>')
                spine.append(f'<itemref idref="c{n}"/>')
                chapters.append(f'<li><a href="c{n}.xhtml">Chapter {n}</a></li>')
            nav.append(f'<li><a href="c{part * 4 + 1}.xhtml">Part {part + 1}</a><ol>{"".join(chapters)}</ol></li>')
        z.writestr("OPS/nav.xhtml", '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
                   'xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol>' + "".join(nav) + "</ol></nav></body></html>")
        z.writestr("OPS/package.opf", '<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" '
                   'version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
                   '<dc:identifier id="id">urn:bench</dc:identifier><dc:title>Benchmark Novel</dc:title><dc:language>en</dc:language>'
                   '</metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
                   + "".join(manifest) + "</manifest><spine>" + "".join(spine) + "</spine></package>")


def bench_novel(recite, hours):
    path = os.path.join(WORK, "novel.epub")
    novel(path, hours, random.Random(18))
    out = os.path.join(WORK, "out-novel")
    wall, parent, tree = timed([recite, "book", path, "-o", out, "--format", "flac", "--jobs", "2"])
    with open(os.path.join(out, "book.chapters.json")) as f:
        chapters = json.load(f)
    print(f"{hours:g}-hour EPUB novel ({len(chapters['chapters'])} chapters, {os.path.getsize(path) / 1e6:.1f} MB) bound as FLAC: "
          f"{chapters['duration'] / 3600:.2f} h of audio in {wall:.1f} s; peak memory {parent:.0f} MB (recite), "
          f"{tree:.0f} MB (with its workers) (goal < 300 MB)")


if __name__ == "__main__":
    main()
