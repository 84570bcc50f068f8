#!/usr/bin/env python3
"""Hindi word timings checked through Whisper base, which writes what it hears of Hindi in Urdu script.

../shared/tools/timing_whisper.py --lang hi matches no word of any Hindi reading (Recite's, kokoro-onnx's):
Whisper base transcribes Hindi speech in the Arabic (Urdu) script, so no recognized word equals a word of
the Devanagari text, however well it was heard ("ویکٹوریہ اوسٹریلیہ کی" for "विक्टोरिया ऑस्ट्रेलिया की").
This check puts both scripts in one form first: each word's consonant skeleton in Latin letters. Vowels
go (Urdu leaves most short vowels unwritten), so do the letters both scripts use for vowels as well as
consonants (य/ی, व/و, ह/ہ/ھ); aspiration, retroflexion and the nukta's Persian sounds fold into the plain
consonant (ठ = ट = त = ط = ت = ٹ -> t, ज़ = ज = ز = ذ = ج -> j); a doubled consonant counts once.
"विक्टोरिया" and "ویکٹوریہ" both become "kt r" -> "ktr". Two words match when their skeletons are equal, or
differ by one letter in skeletons of four letters or more. Words whose skeleton is empty ("है", "ہے") take
part in the alignment but are never matched. Then, as timing_whisper.py does: the sidecar's words and the
recognized words are lined up by the cheapest edit alignment, and the start times of matched pairs compared
(median, p95 and median bias, with the same gates: 150 ms, 1000 ms, and at least --min-matched of the
sidecar's words matched; by default 0.5, as skeletons of different spellings differ more often than words).

Validated on Recite's hf_alpha reading of the held-out Hindi passage (numbers in the closing note): the
sidecar as written PASSes; the same sidecar shifted by 300 ms, or stretched by 2%, FAILs. --shift S and
--stretch F apply those changes, for that validation.

Usage: python3 Benchmarks/hindi_timing.py [--lang hi] [--min-matched 0.5] [--shift S] [--stretch F] TIMING.json AUDIO
Needs ~/venvs/whisper (../shared/tools/whisper_setup.sh). Prints one RESULT line; exit 0 on PASS.
"""
import argparse, json, os, sys, unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_TOOLS = os.path.join(HERE, "..", "..", "shared", "tools")

DEVANAGARI = {
    "क": "k", "ख": "k", "ग": "g", "घ": "g", "ङ": "n", "च": "c", "छ": "c", "ज": "j", "झ": "j", "ञ": "n",
    "ट": "t", "ठ": "t", "ड": "d", "ढ": "d", "ण": "n", "त": "t", "थ": "t", "द": "d", "ध": "d", "न": "n",
    "प": "p", "फ": "p", "ब": "b", "भ": "b", "म": "m", "र": "r", "ल": "l", "ळ": "l", "श": "s", "ष": "s",
    "स": "s", "ं": "n", "ँ": "n",
}
# The nukta's letters, precomposed (NFC leaves these decomposed: they are composition exclusions).
NUKTA = {"क": "k", "ख": "k", "ग": "g", "ज": "j", "ड": "r", "ढ": "r", "फ": "p"}
URDU = {
    "ب": "b", "پ": "p", "ت": "t", "ٹ": "t", "ث": "s", "ج": "j", "چ": "c", "خ": "k", "د": "d", "ڈ": "d",
    "ذ": "j", "ر": "r", "ڑ": "r", "ز": "j", "ژ": "j", "س": "s", "ش": "s", "ص": "s", "ض": "j", "ط": "t",
    "ظ": "j", "غ": "g", "ف": "p", "ق": "k", "ک": "k", "ك": "k", "گ": "g", "ل": "l", "م": "m", "ن": "n",
    "ں": "n",
}


def skeleton(word):
    """The word's consonants in Latin letters, vowels and vowel-like letters dropped, doubles merged."""
    text = unicodedata.normalize("NFD", word)
    out = []
    for i, ch in enumerate(text):
        if i + 1 < len(text) and text[i + 1] == "\u093C" and ch in NUKTA:
            letter = NUKTA[ch]
        else:
            letter = DEVANAGARI.get(ch) or URDU.get(ch)
        if letter and (not out or out[-1] != letter):
            out.append(letter)
    return "".join(out)


def similar(a, b):
    if not a or not b:
        return False
    if a == b:
        return True
    if min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 1:
        return False
    # One substitution, insertion or deletion.
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            row.append(min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = row
    return prev[-1] <= 1


def matched_pairs(a, b):
    """Pairs (i, j) of similar skeletons on one cheapest edit alignment of a and b."""
    n, m = len(a), len(b)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (not similar(a[i - 1], b[j - 1])))
    pairs, i, j = [], n, m
    while i > 0 and j > 0:
        same = similar(a[i - 1], b[j - 1])
        if d[i][j] == d[i - 1][j - 1] + (not same):
            if same:
                pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif d[i][j] == d[i - 1][j] + 1:
            i -= 1
        else:
            j -= 1
    return pairs[::-1]


def sidecar_words(path, shift, stretch):
    doc = json.load(open(path, encoding="utf-8"))
    return [(skeleton(w.get("spoken") or w.get("text", "")), float(w["start"]) * stretch + shift) for w in doc["words"]]


def recognized_words(audio):
    import timing_whisper as T  # noqa: E402  (its transcription, word timestamps on)
    T.W.LANG = "hi"
    return [(skeleton(token), start) for token, start in T.recognized_tokens(audio)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("timing")
    ap.add_argument("audio")
    ap.add_argument("--lang", default="hi", choices=["hi"], help="Hindi only (taken for timing_whisper.py's command line)")
    ap.add_argument("--min-matched", type=float, default=0.5)
    ap.add_argument("--shift", type=float, default=0.0, help="seconds added to every sidecar start")
    ap.add_argument("--stretch", type=float, default=1.0, help="factor every sidecar start is multiplied by")
    args = ap.parse_args()
    sys.path.insert(0, SHARED_TOOLS)
    import wer_whisper  # noqa: E402
    wer_whisper._reexec_in_venv()   # into ~/venvs/whisper, where faster-whisper is
    ref = sidecar_words(args.timing, args.shift, args.stretch)
    hyp = recognized_words(args.audio)
    pairs = matched_pairs([s for s, _ in ref], [s for s, _ in hyp])
    if not pairs:
        print("RESULT: FAIL no word matched")
        sys.exit(1)
    diffs = sorted(abs(ref[i][1] - hyp[j][1]) * 1000 for i, j in pairs)
    med = diffs[len(diffs) // 2]
    p95 = diffs[min(len(diffs) - 1, int(0.95 * len(diffs)))]
    bias = sorted((ref[i][1] - hyp[j][1]) * 1000 for i, j in pairs)[len(pairs) // 2]
    frac = len(pairs) / max(1, len(ref))
    ok = med <= 150 and abs(bias) <= 150 and p95 <= 1000 and frac >= args.min_matched
    print(f"RESULT: {'PASS' if ok else 'FAIL'} median={med:.0f}ms p95={p95:.0f}ms bias={bias:+.0f}ms "
          f"matched={len(pairs)}/{len(ref)} ({100 * frac:.0f}%) lang=hi (consonant skeletons)")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
