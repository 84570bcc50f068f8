#!/usr/bin/env python3
"""Audiobook benchmark (issues 17 and 27): a book of real articles (the shared Markdown corpus,
about 10 hours of audio; `--repeat N` binds it N times over), bound as FLAC (the anchor: no lossy
encoding; a rebind joins the articles' frames), M4B and Opus. For each format, from one run on this machine:

- `recite book FOLDER --format F --jobs 2` from nothing (synthesis, chapters encoded, book bound):
  wall time, CPU time, peak memory (recite alone, and recite with its workers, shared pages once);
- the same again with every chapter unchanged (a rebind: kept chapters, or for FLAC the articles'
  frames, copied into the container);
- the same after one new article (a corpus article held out of the book, added under a new name):
  that article is rendered and encoded, the book rebound;
- how far ffprobe's chapter starts are from `chapters.json` (largest difference);
then a 20-hour novel as an EPUB (40 chapters, a nested table of contents) bound as a FLAC book
(issue 18).

Usage: python3 Benchmarks/audiobook.py [--recite .build/release/recite] [--repeat 1] [--articles N] [--with-html]
       [--formats flac,m4b,opus] [--novel-hours 20]
Everything is written under /tmp/recite-bench-book and removed at the end.
"""
import argparse, html, json, os, random, shutil, subprocess, sys, time, zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ROOT, peak_memory, sentence, tree_pss_kb  # noqa: E402

WORK = "/tmp/recite-bench-book"
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus", "markdown")


def tree_cpu(pid, seen):
    """Records in `seen` the CPU seconds (user + system) of `pid` and its descendants so far: recite
    does not wait for its synthesis workers, so the kernel's count of waited-for children misses them."""
    tick = os.sysconf("SC_CLK_TCK")
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            seen[p] = (int(fields[11]) + int(fields[12])) / tick
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    stack += [int(c) for c in f.read().split()]
        except (FileNotFoundError, ProcessLookupError, PermissionError, IndexError):
            pass


def timed(cmd):
    """Wall seconds, CPU seconds of recite and its workers (sampled every 0.5 s), peak memory (MB)
    of recite alone and of recite with its workers (shared pages once)."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    parent_peak, tree_peak, cpu = 0, 0, {}
    while proc.poll() is None:
        try:
            with open(f"/proc/{proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        parent_peak = max(parent_peak, int(line.split()[1]))
        except FileNotFoundError:
            pass
        tree_peak = max(tree_peak, tree_pss_kb(proc.pid))
        tree_cpu(proc.pid, cpu)
        # Every half second, not every 50 ms: reading a process's smaps takes its memory lock, and
        # so often it made the 12-hour M4B build 154 s instead of 142-146 s.
        time.sleep(0.5)
    wall = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr.read()}")
    return wall, sum(cpu.values()), parent_peak / 1024, tree_peak / 1024


def chapter_drift(path, chapters_json):
    """The largest difference (s) between ffprobe's chapter starts and chapters.json's; None without ffprobe."""
    ffprobe = shutil.which("ffprobe")
    if not ffprobe:
        return None
    out = subprocess.run([ffprobe, "-v", "error", "-show_chapters", "-of", "json", path], capture_output=True, text=True)
    read = [float(c["start_time"]) for c in json.loads(out.stdout)["chapters"]]
    with open(chapters_json) as f:
        book = json.load(f)
    def leaves(cs):
        return [x for c in cs for x in (leaves(c["chapters"]) if c.get("chapters") else [c])]
    expected = [c["start"] for c in leaves(book["chapters"])]
    if len(read) != len(expected):
        return float("inf")
    return max(abs(a - b) for a, b in zip(read, expected))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--repeat", type=int, default=1, help="bind the corpus this many times over (a longer book)")
    ap.add_argument("--articles", type=int, default=0, help="only the first N corpus articles (for trying the script)")
    ap.add_argument("--with-html", action="store_true",
                    help="add the shared HTML corpus's 20 pages as articles (distinct audio: with the Markdown corpus, a 12-hour book "
                         "whose chapters are all encoded, unlike --repeat, whose copies share their kept chapters)")
    ap.add_argument("--formats", default="flac,m4b,opus")
    ap.add_argument("--novel-hours", type=float, default=20, help="0: no novel")
    args = ap.parse_args()
    if not os.path.isdir(CORPUS):
        sys.exit(f"the shared Markdown corpus is not at {CORPUS}")
    shutil.rmtree(WORK, ignore_errors=True)
    folder = os.path.join(WORK, "articles")
    os.makedirs(folder)
    names = sorted(n for n in os.listdir(CORPUS) if n.endswith(".md"))
    held_out, names = names[-1], names[:-1]
    if args.articles:
        names = names[:args.articles]
    for r in range(args.repeat):
        for n in names:
            shutil.copy(os.path.join(CORPUS, n), os.path.join(folder, f"{r}-{n}" if args.repeat > 1 else n))
    html = os.path.join(os.path.dirname(CORPUS), "html")
    pages = sorted(d for d in os.listdir(html) if os.path.isfile(os.path.join(html, d, "source.html"))) if args.with_html else []
    for d in pages:
        shutil.copy(os.path.join(html, d, "source.html"), os.path.join(folder, f"html-{d}.html"))
    new_article = os.path.join(folder, "zz-new-" + held_out)
    print(f"book: {len(names) * args.repeat} articles of the shared Markdown corpus ({CORPUS})"
          + (f", the corpus repeated {args.repeat} times" if args.repeat > 1 else "")
          + (f", and {len(pages)} pages of the shared HTML corpus" if pages else "")
          + f"; the new article: {held_out}, held out")
    try:
        for fmt in args.formats.split(","):
            bench_format(args.recite, folder, new_article, os.path.join(CORPUS, held_out), fmt)
        if args.novel_hours > 0:
            bench_novel(args.recite, args.novel_hours)
    finally:
        shutil.rmtree(WORK, ignore_errors=True)


def bench_format(recite, folder, new_article, held_out, fmt):
    out = os.path.join(WORK, "out-" + fmt)
    book = [recite, "book", folder, "-o", out, "--format", fmt, "--title", "Benchmark", "--jobs", "2", "--voice", "espeak"]
    first = timed(book)
    with open(os.path.join(out, "book.chapters.json")) as f:
        hours = json.load(f)["duration"] / 3600
    unchanged = timed(book)
    shutil.copy(held_out, new_article)
    try:
        added = timed(book)
    finally:
        os.remove(new_article)
    drift = chapter_drift(os.path.join(out, "book." + fmt), os.path.join(out, "book.chapters.json"))
    size = os.path.getsize(os.path.join(out, "book." + fmt)) / 1e6
    def line(what, r):
        wall, cpu, parent, tree = r
        return f"  {what:<28} {wall:7.1f} s wall, {cpu:7.1f} s CPU, peak {parent:4.0f} MB (recite), {tree:4.0f} MB (with workers)"
    print(f"{fmt.upper()}: {hours:.2f} h of audio, book.{fmt} {size:.0f} MB"
          + (f", chapter starts: ffprobe vs chapters.json within {drift * 1000:.1f} ms" if drift is not None else ""))
    print(line("from nothing", first))
    print(line("rebind, unchanged", unchanged))
    print(line("rebind, one new article", added))
    shutil.rmtree(out, ignore_errors=True)


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
    wall, cpu, parent, tree = timed([recite, "book", path, "-o", out, "--format", "flac", "--jobs", "2", "--voice", "espeak"])
    with open(os.path.join(out, "book.chapters.json")) as f:
        chapters = json.load(f)
    print(f"{hours:g}-hour EPUB novel ({len(chapters['chapters'])} chapters, {os.path.getsize(path) / 1e6:.1f} MB) bound as FLAC: "
          f"{chapters['duration'] / 3600:.2f} h of audio in {wall:.1f} s; peak memory {parent:.0f} MB (recite), "
          f"{tree:.0f} MB (with its workers) (goal < 300 MB)")


if __name__ == "__main__":
    main()
