#ifndef RECITE_CFFMPEG_SHIM_H
#define RECITE_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavcodec/vorbis_parser.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/crc.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libswresample/swresample.h>

/* FFmpeg's error codes are function-like macros Swift cannot import. */
static inline int recite_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int recite_averror_eof(void) { return AVERROR_EOF; }
#endif
