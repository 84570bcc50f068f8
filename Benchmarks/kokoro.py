#!/usr/bin/env python3
"""Recite's Kokoro benchmark: `recite build --jobs 2 --voice af_heart` against kokoro-onnx 0.6.1 on
onnxruntime 1.32 (PyPI) reading the same words with the same voice and model on both cores, from one
run on this machine. It prints, for each: seconds of audio per wall second, the ratio Recite /
kokoro-onnx (goal >= 1.0, better 1.2), peak memory (Pss summed over the process tree, and the
largest one-process peak RSS), and the cost per second of audio (CPU seconds and wall seconds); then
../shared/tools/align_check.py's summary of Recite's sidecar and an unchanged rerun's count of
synthesized segments (goal: 0).

kokoro-onnx is given the words of Recite's eSpeak NG timing sidecar, one line per block (as
Benchmarks/neural.py gives Piper), the model file Recite uses (checked by SHA-256), and the voice's
style file; its session gets 2 intra-op threads. Recite's workers run one ONNX Runtime thread each.

Usage: python3 Benchmarks/kokoro.py [--recite .build/release/recite] [--quick] [--voice af_heart]
Work files go under /tmp/recite-kbench and are removed at the end. kokoro-onnx is installed (pinned)
into ~/venvs/kokoro when missing.
"""
import argparse, json, os, re, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import neural  # noqa: E402  (the process-tree measurements and the article's words)

ROOT = os.path.dirname(HERE)
WORK = "/tmp/recite-kbench"
SPECS = ["kokoro-onnx==0.6.1", "onnxruntime==1.32.0"]
KOKORO = "/usr/local/share/recite/voices/kokoro-v1.0"

READER = r'''
import sys, time, numpy as np, onnxruntime as ort, wave
from kokoro_onnx import Kokoro
model, styles, voice, lang, text, out, threads = sys.argv[1:8]
options = ort.SessionOptions()
options.intra_op_num_threads = int(threads)
session = ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])
np.savez(out + ".voices.npz", **{voice: np.fromfile(styles, dtype=np.float32).reshape(510, 1, 256)})
kokoro = Kokoro.from_session(session, out + ".voices.npz")
parts = []
for line in open(text, encoding="utf-8").read().splitlines():
    if line.strip():
        samples, rate = kokoro.create(line, voice=voice, speed=1.0, lang=lang)
        parts.append(samples)
audio = np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)
with wave.open(out, "wb") as w:
    w.setnchannels(1); w.setsampwidth(2); w.setframerate(24000)
    w.writeframes((np.clip(audio, -1, 1) * 32767).astype("<i2").tobytes())
'''


def venv(path):
    py = os.path.join(path, "bin", "python")
    code = "import importlib.metadata as m; print(m.version('kokoro-onnx'), m.version('onnxruntime'))"
    have = lambda: subprocess.run([py, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.split()
    want = [s.split("==")[1] for s in SPECS]
    if os.path.exists(py) and have() == want:
        return py
    print(f"installing {' '.join(SPECS)} into {path} ...", flush=True)
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", path], check=True)
    subprocess.run([py, "-m", "pip", "install", "--quiet"] + SPECS, check=True)
    return py


def row(name, r):
    audio, wall = r["audio"], r["wall"]
    return (f"{name:<30} {audio:8.1f} s {wall:8.1f} s {audio / wall:8.2f}x {r['pss']:9.0f} MB {r['rss']:9.0f} MB "
            f"{r['cpu'] / audio:9.3f} {wall / audio:9.3f} {r['others']:8.1f} s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--recite", default=os.path.join(ROOT, ".build/release/recite"))
    ap.add_argument("--quick", action="store_true", help="the article's first ~600 words")
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared"))
    ap.add_argument("--article", help="the Markdown article (default: ../shared/" + neural.ARTICLE + ")")
    ap.add_argument("--voice", default="af_heart")
    ap.add_argument("--venv", default=os.path.expanduser("~/venvs/kokoro"))
    ap.add_argument("--keep", action="store_true", help="keep the work files in " + WORK)
    args = ap.parse_args()
    recite, shared = os.path.abspath(args.recite), os.path.abspath(args.shared)
    article = os.path.abspath(args.article or os.path.join(shared, neural.ARTICLE))
    model, styles = os.path.join(KOKORO, "model.onnx"), os.path.join(KOKORO, "voices", args.voice + ".bin")
    for path, what in ((recite, "swift build -c release"), (model, ".ci/install-neural"), (styles, ".ci/install-neural")):
        if not os.path.exists(path):
            sys.exit(f"{path} is missing ({what})")

    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(os.path.join(WORK, "in"))
    text = open(article, encoding="utf-8").read()
    if args.quick:
        text = neural.cut_markdown(text, 600)
    doc = os.path.join(WORK, "in", os.path.basename(article))
    open(doc, "w", encoding="utf-8").write(text)
    source = open(doc, "rb").read()
    print(f"article: {os.path.basename(article)}{' (quick)' if args.quick else ''}; machine: {os.cpu_count()} cores, "
          f"load average {neural.load_average()} at start")

    espeak = neural.recite_build(recite, doc, os.path.join(WORK, "espeak"), [])
    if "error" in espeak:
        sys.exit(f"recite build (eSpeak NG) failed: {espeak['error']}")
    lines = neural.piper_lines(espeak["sidecar"], source)
    neural.warm(model)
    ours = neural.recite_build(recite, doc, os.path.join(WORK, "recite"), ["--voice", args.voice])
    if "error" in ours:
        sys.exit(f"recite build --voice {args.voice} failed: {ours['error']}")

    py = venv(args.venv)
    reader = os.path.join(WORK, "reader.py")
    open(reader, "w").write(READER)
    txt = os.path.join(WORK, "kokoro-onnx.txt")
    open(txt, "w", encoding="utf-8").write("\n".join(lines) + "\n")
    wav = os.path.join(WORK, "kokoro-onnx.wav")
    lang = "en-gb" if args.voice.startswith("b") else "en-us"
    theirs = neural.measure([py, reader, model, styles, args.voice, lang, txt, wav, "2"], wav + ".log")
    if theirs["status"] != 0:
        sys.exit(f"kokoro-onnx failed: {neural.tail(wav + '.log')}")
    theirs["audio"] = neural.wav_seconds(wav)

    print(f"spoken words: {len(espeak['sidecar']['words'])}")
    print("peak memory: Pss summed over the process tree / largest peak RSS of one process (sampled every 50 ms);")
    print("cost per second of audio: CPU seconds of the process tree, and wall seconds")
    print(f"{'':<30} {'audio':>10} {'wall':>10} {'audio s/s':>9} {'peak Pss':>12} {'1 proc RSS':>12} "
          f"{'CPU/audio':>9} {'wall/audio':>9} {'others':>10}")
    print(row(f"recite --voice {args.voice} --jobs 2", ours))
    print(row("kokoro-onnx 0.6.1, 2 threads", theirs))
    ratio = (ours["audio"] / ours["wall"]) / (theirs["audio"] / theirs["wall"])
    print(f"recite / kokoro-onnx throughput: {ratio:.2f}x (goal >= 1.0x: {'met' if ratio >= 1.0 else 'NOT met'}; "
          f"1.2x: {'met' if ratio >= 1.2 else 'not met'}); peak Pss {'below' if ours['pss'] < theirs['pss'] else 'NOT below'} kokoro-onnx's")

    asr = os.environ.get("ASR_VENV", os.path.expanduser("~/venvs/asr"))
    check = os.path.join(shared, "tools", "align_check.py")
    if os.path.exists(os.path.join(asr, "bin", "python")) and os.path.exists(check):
        p = subprocess.run([os.path.join(asr, "bin", "python"), check, ours["timing"], ours["wav"]],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print("align_check: " + (p.stdout.strip().splitlines() or ["no output"])[-1])

    # An unchanged rerun, with the cache kept this time: nothing is synthesized again.
    out = os.path.join(WORK, "rerun")
    cmd = [recite, "build", doc, "-o", out, "--jobs", "2", "--voice", args.voice]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    m = re.search(r"(\d+) segments synthesized", p.stdout)
    print(f"unchanged rerun: {m.group(0) if m else p.stdout.strip()[-200:]}")
    if not args.keep:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
