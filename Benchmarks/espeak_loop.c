/* The ceiling for one core: libespeak-ng synthesizing one line of a text file after another in
 * one process, no fork, no I/O but collecting the samples. Prints seconds of audio per second.
 * A quick gauge of this machine's speed at the moment (a shared VM's speed drifts), to read the
 * benchmark's figures against.
 *
 *   cc -O2 -o /tmp/espeak_loop Benchmarks/espeak_loop.c -lespeak-ng
 *   /tmp/espeak_loop < some-text-file      (one paragraph per line)
 */
#include <espeak-ng/speak_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static size_t samples;

static int collect(short *wav, int count, espeak_EVENT *events) {
    (void)wav; (void)events;
    if (count > 0) samples += (size_t)count;
    return 0;
}

int main(void) {
    int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, 0);
    if (rate <= 0) { fprintf(stderr, "eSpeak NG did not start\n"); return 1; }
    espeak_SetSynthCallback(collect);
    espeak_SetVoiceByName("en-us");
    static char line[1 << 16], markup[(1 << 16) + 32];
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        if (!*line) continue;
        snprintf(markup, sizeof markup, "<speak>%s</speak>", line);
        espeak_Synth(markup, strlen(markup) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8 | espeakSSML, NULL, NULL);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double wall = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    double audio = (double)samples / rate;
    printf("%.1f s of audio in %.2f s: %.0f s of audio per s\n", audio, wall, audio / wall);
    return 0;
}
