#!/usr/bin/env python3
"""Recite's benchmark (issue 6): prints, from one run on this machine,

- throughput (seconds of audio per second of wall time) with --jobs 1 and --jobs 2, and the same
  documents' plain text through the espeak-ng program, one file after another, with the ratios:
  an untimed warm-up, then `--rounds` rounds, medians and each round's ratio (the spread), on two
  corpora: A, Samples and generated articles (short synthetic sentences, many numbers, ~3 hours),
  and B, the shared Markdown corpus (real articles, ~10 hours; what the lead's check uses);
- the time of a second run with nothing changed, and after editing one paragraph;
- the peak memory of a run over a 10-hour book: recite's own peak resident size, and the peak of
  recite and its workers together (proportional set size, shared pages counted once);
(a long paragraph against the same text in paragraphs: Benchmarks/long_paragraph.py, on real prose).

Usage: python3 Benchmarks/bench.py [--recite .build/release/recite] [--quick] [--rounds 3]
The corpus (Samples plus generated articles and the book) is written under /tmp/recite-bench.
"""
import argparse, os, random, re, shutil, statistics, subprocess, sys, time, json

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = "/tmp/recite-bench"

WORDS = ("the a of to and in that is for it as with was on be by this are from at or an have which "
         "garden kitchen morning station river engine letter window garden market evening village "
         "teacher doctor painter sailor farmer walked opened carried noticed believed remembered "
         "quietly slowly suddenly carefully early later never always often bright narrow heavy "
         "ancient quiet crowded distant familiar").split()


def sentence(rng):
    n = rng.randint(8, 18)
    words = [rng.choice(WORDS) for _ in range(n)]
    extra = rng.random()
    if extra < 0.15:
        words.insert(rng.randint(1, n - 1), f"{rng.randint(2, 90)} m²")
    elif extra < 0.25:
        words.insert(rng.randint(1, n - 1), f"on {rng.randint(1, 28)}/{rng.randint(1, 12)}/20{rng.randint(10, 29)}")
    elif extra < 0.32:
        words.insert(rng.randint(1, n - 1), f"${rng.randint(1, 999)}.{rng.randint(10, 99)}")
    words[0] = words[0].capitalize()
    return " ".join(words) + rng.choice([".", ".", ".", "?", "!"])


def article(rng, words):
    paragraphs, count = [], 0
    title = " ".join(rng.choice(WORDS) for _ in range(4)).title()
    while count < words:
        p = " ".join(sentence(rng) for _ in range(rng.randint(3, 6)))
        count += len(p.split())
        paragraphs.append(p)
    return f"# {title}\n\n" + "\n\n".join(paragraphs) + "\n"


def plain(markdown):
    return re.sub(r"^#+ ", "", markdown, flags=re.M)


def run(cmd, **kw):
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    elapsed = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    return elapsed, proc.stderr


def tree_pss_kb(pid):
    """Proportional memory of a process and all its descendants, in kB, from /proc: each shared page
    (the Swift runtime, Foundation, eSpeak NG's data, mapped by every worker) counted once in all,
    not once per process as summed resident sizes would."""
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    stack += [int(c) for c in f.read().split()]
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            pass
    return total


def peak_memory(cmd):
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    parent_peak, tree_peak = 0, 0
    while proc.poll() is None:
        try:
            with open(f"/proc/{proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        parent_peak = max(parent_peak, int(line.split()[1]))
        except FileNotFoundError:
            pass
        tree_peak = max(tree_peak, tree_pss_kb(proc.pid))
        time.sleep(0.05)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr.read()}")
    return parent_peak / 1024, tree_peak / 1024


def audio_seconds(out):
    with open(os.path.join(out, "manifest.json")) as f:
        return sum(d.get("duration") or 0 for d in json.load(f)["documents"])


SHARED_MARKDOWN = os.path.join(os.path.dirname(ROOT), "shared", "corpus", "markdown")


def spread(values):
    return f"{min(values):.2f}–{max(values):.2f}"


VARIANTS = {
    # What the two safeguards cost, measured in the same rounds (Sources/ReciteBuild/BenchmarkSwitches.swift).
    "no read check": {"RECITE_BENCH_NO_READ_CHECK": "1"},
    "one sentence a segment": {"RECITE_BENCH_SENTENCE_WORDS": "1"},
}


def throughput(label, recite, espeak, corpus, texts, rounds, variants=False):
    """Seconds of audio per wall second of `recite build --jobs 1`, `--jobs 2` (each from an empty
    output folder and cache) and of the espeak-ng program over the same documents' plain text,
    file after file; one of each per round after an untimed warm-up of each (page cache, CPU
    frequency), medians compared and each round's ratio shown (a shared virtual machine's speed
    drifts by a tenth within a minute; measurements back to back in one round see the same machine)."""
    rates = {"jobs1": [], "jobs2": [], "espeak": [], "espeak2": []}
    if variants:
        rates.update({name: [] for name in VARIANTS})
    for round_ in range(rounds + 1):
        warm = round_ == 0
        line = []
        for jobs in (1, 2):
            out = os.path.join(WORK, f"out-jobs{jobs}")
            shutil.rmtree(out, ignore_errors=True)
            wall, log = run([recite, "build", corpus, "-o", out, "--jobs", str(jobs), "--voice", "espeak"])
            found = re.search(r"(\d+) segments synthesized, (\d+) from cache", log)
            segments, repeated = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
            if not warm:
                rates[f"jobs{jobs}"].append(audio_seconds(out) / wall)
            line.append(f"--jobs {jobs} {wall:5.2f} s ({audio_seconds(out) / wall:6.1f} s/s)")
        for name, switches in (VARIANTS.items() if variants else []):
            out = os.path.join(WORK, "out-variant")
            shutil.rmtree(out, ignore_errors=True)
            wall, _ = run([recite, "build", corpus, "-o", out, "--jobs", "2", "--voice", "espeak"], env={**os.environ, **switches})
            if not warm:
                rates[name].append(audio_seconds(out) / wall)
            line.append(f"{name} {wall:5.2f} s")
            shutil.rmtree(out, ignore_errors=True)
        if espeak:
            out = os.path.join(WORK, "out-espeak")
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            start = time.monotonic()
            for name in sorted(os.listdir(texts)):
                run([espeak, "-v", "en-us", "-w", os.path.join(out, name + ".wav"), "-f", os.path.join(texts, name)])
            wall = time.monotonic() - start
            seconds = sum((os.path.getsize(os.path.join(out, n)) - 44) / 2 / 22050 for n in os.listdir(out))
            if not warm:
                rates["espeak"].append(seconds / wall)
            line.append(f"espeak-ng {wall:5.2f} s ({seconds / wall:6.1f} s/s, {seconds:.0f} s of audio)")
            shutil.rmtree(out, ignore_errors=True)
            wall2 = two_programs(espeak, texts, out)
            if not warm:
                rates["espeak2"].append(seconds / wall2)
            line.append(f"two espeak-ng side by side {wall2:5.2f} s")
        print(f"  {'warm-up' if warm else f'round {round_}'}: " + ", ".join(line))
    audio = audio_seconds(os.path.join(WORK, "out-jobs2"))
    median = {k: statistics.median(v) for k, v in rates.items() if v}
    # Segments are synthesized one at a time, each from a reset engine: short sentences cost more per second of audio.
    # A segment said twice in one run (a list that repeats a phrase) is synthesized once: the
    # second comes from the cache even in a fresh run, which espeak-ng, file after file, cannot do.
    print(f"  {label}: {segments} segments synthesized, {repeated} repeats taken from the run's own cache, "
          f"{audio / max(1, segments + repeated):.2f} s of audio per segment")
    print(f"  {label}: {audio:.0f} s of audio; recite --jobs 1 {median['jobs1']:.1f}, --jobs 2 {median['jobs2']:.1f} s audio per s "
          f"(medians of {rounds}; --jobs 2 rounds {spread(rates['jobs2'])})")
    if espeak:
        per_round = [a / b for a, b in zip(rates["jobs2"], rates["espeak"])]
        print(f"  {label}: espeak-ng program, file after file: {median['espeak']:.1f} s audio per s (rounds {spread(rates['espeak'])})")
        print(f"  {label}: ratio recite --jobs 2 / espeak-ng: {median['jobs2'] / median['espeak']:.2f}× "
              f"(rounds {', '.join(f'{r:.2f}' for r in per_round)}; spread {spread(per_round)}) (target ≥ 2.0×)")
        # What this machine's two cores give the program itself: a shared virtual machine's second
        # core is sometimes worth much less than its first, which lowers the ratio above whatever
        # Recite does.
        cores = [a / b for a, b in zip(rates["espeak2"], rates["espeak"])]
        per_round2 = [a / b for a, b in zip(rates["jobs2"], rates["espeak2"])]
        print(f"  {label}: the machine's two cores: two espeak-ng programs side by side (the files split in two) "
              f"{median['espeak2']:.1f} s audio per s, {statistics.median(cores):.2f}× one program (rounds {spread(cores)}); "
              f"recite --jobs 2 / them: {median['jobs2'] / median['espeak2']:.2f}× (rounds {spread(per_round2)})")
    else:
        print("  espeak-ng program not installed: no comparison (apt-get install espeak-ng)")
    for name in (VARIANTS if variants else []):
        per_round = [a / b for a, b in zip(rates["jobs2"], rates[name])]
        ratio = f", {statistics.median(rates[name]) / median['espeak']:.2f}× espeak-ng" if espeak else ""
        print(f"  {label}: --jobs 2 with {name}: {statistics.median(rates[name]):.1f} s audio per s{ratio}; "
              f"the default build takes {1 / statistics.median(per_round):.3f}× the time of this one (rounds {spread([1 / r for r in per_round])})")
    per_round = [a / b for a, b in zip(rates["jobs2"], rates["jobs1"])]
    print(f"  {label}: ratio --jobs 2 / --jobs 1: {median['jobs2'] / median['jobs1']:.2f}× (spread {spread(per_round)}) (target ≥ 1.8×)")
    return median


def two_programs(espeak, texts, out):
    """Wall seconds of the espeak-ng program over `texts` as two programs side by side, each taking
    every other file (by size, so that the halves are about even); the WAVs go to `out`, removed."""
    names = sorted(os.listdir(texts), key=lambda n: -os.path.getsize(os.path.join(texts, n)))
    halves = [names[0::2], names[1::2]]
    os.makedirs(out, exist_ok=True)
    loop = 'for f in "$@"; do "$0" -v en-us -w "$OUT/$(basename "$f").wav" -f "$f" >/dev/null 2>&1; done'
    start = time.monotonic()
    procs = [subprocess.Popen(["bash", "-c", loop, espeak] + [os.path.join(texts, n) for n in half],
                              env={**os.environ, "OUT": out}) for half in halves]
    for proc in procs:
        proc.wait()
    wall = time.monotonic() - start
    shutil.rmtree(out, ignore_errors=True)
    return wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--quick", action="store_true", help="a small corpus and a 1-hour book (for trying the script)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of the three throughput runs (medians are compared)")
    ap.add_argument("--only-shared", action="store_true",
                    help="only corpus B's throughput (the shared Markdown corpus against the espeak-ng program)")
    args = ap.parse_args()
    recite = os.path.abspath(args.recite)
    espeak = shutil.which("espeak-ng")

    shutil.rmtree(WORK, ignore_errors=True)
    corpus, texts = os.path.join(WORK, "corpus"), os.path.join(WORK, "plain")
    shutil.copytree(os.path.join(ROOT, "Samples"), corpus)
    os.makedirs(os.path.join(corpus, "generated"))
    os.makedirs(texts)
    rng = random.Random(6)
    count, words = (4, 800) if args.quick else (24, 1500)
    for n in range(count):
        text = article(rng, words)
        with open(os.path.join(corpus, "generated", f"article-{n:02}.md"), "w") as f:
            f.write(text)
        with open(os.path.join(texts, f"article-{n:02}.txt"), "w") as f:
            f.write(plain(text))
    for name in sorted(os.listdir(corpus)):
        if name.endswith(".md"):
            with open(os.path.join(corpus, name)) as src, open(os.path.join(texts, name + ".txt"), "w") as dst:
                dst.write(plain(src.read()))

    if args.only_shared:
        shared_throughput(recite, espeak, args.rounds)
        shutil.rmtree(WORK, ignore_errors=True)
        return
    print(f"corpus A: Samples + {count} generated articles of ~{words} words ({WORK}/corpus)")
    median = throughput("A (generated)", recite, espeak, corpus, texts, args.rounds, variants=True)
    results = {2: (audio_seconds(os.path.join(WORK, "out-jobs2")) / median["jobs2"], 0)}

    out2 = os.path.join(WORK, "out-jobs2")
    again, _ = run([recite, "build", corpus, "-o", out2, "--jobs", "2", "--voice", "espeak"])
    print(f"unchanged rerun: {again:.2f} s = {100 * again / results[2][0]:.1f}% of the first run (target < 3%)")
    target = os.path.join(corpus, "generated", "article-00.md")
    with open(target) as f:
        parts = f.read().split("\n\n")
    parts[2] = "This paragraph was edited overnight, and only it should be synthesized again."
    with open(target, "w") as f:
        f.write("\n\n".join(parts))
    edited, log = run([recite, "build", corpus, "-o", out2, "--jobs", "2", "--voice", "espeak"])
    print(f"after editing one paragraph: {edited:.2f} s ({log.strip()})")

    hours = 1 if args.quick else 10
    book = os.path.join(WORK, "book")
    os.makedirs(book)
    with open(os.path.join(book, "book.md"), "w") as f:
        # About 175 words a minute.
        f.write(article(random.Random(10), int(hours * 60 * 175)))
    cmd = [recite, "build", book, "-o", os.path.join(WORK, "out-book"), "--jobs", "2", "--voice", "espeak"]
    start = time.monotonic()
    parent, tree = peak_memory(cmd)
    wall = time.monotonic() - start
    length = audio_seconds(os.path.join(WORK, "out-book"))
    print(f"{hours}-hour book: {length / 3600:.2f} h of audio in {wall:.1f} s; peak memory {parent:.0f} MB "
          f"(recite), {tree:.0f} MB (recite and its workers, shared pages once) (target < 150 MB)")
    # A long paragraph against the same text in paragraphs is measured on real prose by
    # Benchmarks/long_paragraph.py (generated sentences hid a quadratic path: issue 25).

    if not args.quick:
        shared_throughput(recite, espeak, args.rounds)
    shutil.rmtree(WORK, ignore_errors=True)


def shared_throughput(recite, espeak, rounds):
    """Corpus B: the corpus the lead's check uses, real articles, longer sentences, ~10 hours of audio."""
    if not os.path.isdir(SHARED_MARKDOWN):
        print(f"corpus B: {SHARED_MARKDOWN} is missing (a clone without ../shared): skipped")
        return
    shared, shared_texts = os.path.join(WORK, "shared"), os.path.join(WORK, "shared-plain")
    shutil.copytree(SHARED_MARKDOWN, shared)
    os.makedirs(shared_texts)
    for name in sorted(os.listdir(shared)):
        with open(os.path.join(shared, name)) as src, open(os.path.join(shared_texts, name + ".txt"), "w") as dst:
            dst.write(plain(src.read()))
    print(f"corpus B: the shared Markdown corpus ({SHARED_MARKDOWN}, {len(os.listdir(shared))} articles)")
    throughput("B (shared Markdown)", recite, espeak, shared, shared_texts, rounds, variants=True)

if __name__ == "__main__":
    main()
