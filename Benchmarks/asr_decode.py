#!/usr/bin/env python3
"""Speech recognition for Benchmarks/neural.py: decodes a WAV with pocketsphinx (its bundled US English
acoustic model, language model and dictionary; free decoding, not alignment to a known text) and prints
one JSON object: {"words": [...], "seconds": audio seconds, "segments": n, "decode_seconds": wall}.

Runs with the Python of the venv made by ../shared/tools/setup-align.sh (pocketsphinx 5.1.1):
    ~/venvs/asr/bin/python Benchmarks/asr_decode.py FILE.wav

The audio is resampled to 16 kHz mono by sox (no dither: repeated runs give the same words), followed
by a second of silence (so the last utterance is closed), cut into
utterances at pauses by pocketsphinx's own voice-activity segmenter, and each utterance decoded on its
own (a 20-minute utterance would be one search). Every engine's audio goes through the same steps.
"""
import json, subprocess, sys, time, io

import pocketsphinx

RATE = 16000


def main():
    path = sys.argv[1]
    start = time.monotonic()
    # One second of silence after the audio: pocketsphinx's segmenter closes an utterance only after
    # enough silence, and dropped a file's last sentence when it ended 0.2 s after its last word.
    pcm = subprocess.run(["sox", "-V1", "-D", path, "-t", "raw", "-r", str(RATE), "-e", "signed-integer",
                          "-b", "16", "-c", "1", "-", "pad", "0", "1"], check=True, stdout=subprocess.PIPE).stdout
    decoder = pocketsphinx.Decoder(samprate=RATE, loglevel="FATAL")
    segmenter = pocketsphinx.Segmenter(sample_rate=RATE)
    words, segments = [], 0
    for seg in segmenter.segment(io.BytesIO(pcm)):
        decoder.start_utt()
        decoder.process_raw(seg.pcm, full_utt=True)
        decoder.end_utt()
        hyp = decoder.hyp()
        segments += 1
        if hyp is not None and hyp.hypstr:
            words += hyp.hypstr.split()
    json.dump({"words": words, "seconds": len(pcm) / 2 / RATE, "segments": segments,
               "decode_seconds": round(time.monotonic() - start, 2)}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
