// ONNX Runtime's C API, as far as Recite uses it, declared by hand.
//
// The library comes from PyPI's onnxruntime wheel (.ci/install-neural unpacks its
// libonnxruntime.so.1.32.0; the wheel ships no header). It exports one function, OrtGetApiBase;
// everything else is reached through the function table it returns, whose order ONNX Runtime
// keeps stable from release to release (new functions are only appended). Recite calls 20 of them,
// by their place in that table, through the static inline helpers below. The library is opened
// with dlopen (ReciteSynth's OnnxRuntime.swift), not linked: sherpa-onnx, linked for Piper
// voices, brings an older ONNX Runtime of its own, and the two must not be confused.
#ifndef RECITE_ONNXRUNTIME_SHIM_H
#define RECITE_ONNXRUNTIME_SHIM_H

#include <stddef.h>
#include <stdint.h>

typedef struct RecOrtStatus RecOrtStatus;
typedef struct RecOrtEnv RecOrtEnv;
typedef struct RecOrtSession RecOrtSession;
typedef struct RecOrtSessionOptions RecOrtSessionOptions;
typedef struct RecOrtMemoryInfo RecOrtMemoryInfo;
typedef struct RecOrtValue RecOrtValue;
typedef struct RecOrtShapeInfo RecOrtShapeInfo;

/// What OrtGetApiBase returns: the table for an API version, and the library's version string.
typedef struct RecOrtApiBase {
    const void *const *(*getApi)(uint32_t version);
    const char *(*getVersionString)(void);
} RecOrtApiBase;

typedef const RecOrtApiBase *(*RecOrtGetApiBaseFunction)(void);

/// The API version Recite asks for: the table as of ONNX Runtime 1.16, a prefix of every later one.
#define REC_ORT_API_VERSION 16

// Places in the function table. Checked (issue 24's review) against an independent, offset-verified
// trim of the 1.22 header: 2, 3, 8 (so 7, CreateSession, after the two telemetry switches), 9, 10,
// 49, 51, 69, 92 to 96 and 100 agree; the option setters (13, 19, 23 to 25) and the shape
// functions (64, 65, 99) follow the upstream order between them, and the end-to-end tests use each.
enum {
    RecOrtGetErrorMessage = 2,
    RecOrtCreateEnv = 3,
    RecOrtCreateSession = 7,
    RecOrtRun = 9,
    RecOrtCreateSessionOptions = 10,
    RecOrtSetSessionExecutionMode = 13,
    RecOrtDisableCpuMemArena = 19,
    RecOrtSetSessionGraphOptimizationLevel = 23,
    RecOrtSetIntraOpNumThreads = 24,
    RecOrtSetInterOpNumThreads = 25,
    RecOrtCreateTensorWithDataAsOrtValue = 49,
    RecOrtGetTensorMutableData = 51,
    RecOrtGetTensorShapeElementCount = 64,
    RecOrtGetTensorTypeAndShape = 65,
    RecOrtCreateCpuMemoryInfo = 69,
    RecOrtReleaseEnv = 92,
    RecOrtReleaseStatus = 93,
    RecOrtReleaseMemoryInfo = 94,
    RecOrtReleaseSession = 95,
    RecOrtReleaseValue = 96,
    RecOrtReleaseShapeInfo = 99,
    RecOrtReleaseSessionOptions = 100,
};

// Values of the enumerations Recite passes.
#define REC_ORT_LOGGING_ERROR 3
#define REC_ORT_ENABLE_ALL 99
#define REC_ORT_ARENA_ALLOCATOR 1
#define REC_ORT_MEM_TYPE_DEFAULT 0
#define REC_ORT_TENSOR_FLOAT 1
#define REC_ORT_TENSOR_INT64 7

#define REC_ORT_FN(api, index, type) ((type)((api)[(index)]))

static inline const char *rec_ort_error_message(const void *const *api, const RecOrtStatus *status) {
    return REC_ORT_FN(api, RecOrtGetErrorMessage, const char *(*)(const RecOrtStatus *))(status);
}
static inline void rec_ort_release_status(const void *const *api, RecOrtStatus *status) {
    REC_ORT_FN(api, RecOrtReleaseStatus, void (*)(RecOrtStatus *))(status);
}
static inline RecOrtStatus *rec_ort_create_env(const void *const *api, const char *name, RecOrtEnv **out) {
    return REC_ORT_FN(api, RecOrtCreateEnv, RecOrtStatus *(*)(int, const char *, RecOrtEnv **))(REC_ORT_LOGGING_ERROR, name, out);
}
static inline void rec_ort_release_env(const void *const *api, RecOrtEnv *env) {
    REC_ORT_FN(api, RecOrtReleaseEnv, void (*)(RecOrtEnv *))(env);
}
static inline RecOrtStatus *rec_ort_create_session_options(const void *const *api, RecOrtSessionOptions **out) {
    return REC_ORT_FN(api, RecOrtCreateSessionOptions, RecOrtStatus *(*)(RecOrtSessionOptions **))(out);
}
static inline void rec_ort_release_session_options(const void *const *api, RecOrtSessionOptions *options) {
    REC_ORT_FN(api, RecOrtReleaseSessionOptions, void (*)(RecOrtSessionOptions *))(options);
}
static inline RecOrtStatus *rec_ort_set_intra_threads(const void *const *api, RecOrtSessionOptions *options, int threads) {
    return REC_ORT_FN(api, RecOrtSetIntraOpNumThreads, RecOrtStatus *(*)(RecOrtSessionOptions *, int))(options, threads);
}
static inline RecOrtStatus *rec_ort_set_inter_threads(const void *const *api, RecOrtSessionOptions *options, int threads) {
    return REC_ORT_FN(api, RecOrtSetInterOpNumThreads, RecOrtStatus *(*)(RecOrtSessionOptions *, int))(options, threads);
}
static inline RecOrtStatus *rec_ort_optimize_all(const void *const *api, RecOrtSessionOptions *options) {
    return REC_ORT_FN(api, RecOrtSetSessionGraphOptimizationLevel, RecOrtStatus *(*)(RecOrtSessionOptions *, int))(options, REC_ORT_ENABLE_ALL);
}
static inline RecOrtStatus *rec_ort_disable_arena(const void *const *api, RecOrtSessionOptions *options) {
    return REC_ORT_FN(api, RecOrtDisableCpuMemArena, RecOrtStatus *(*)(RecOrtSessionOptions *))(options);
}
static inline RecOrtStatus *rec_ort_create_session(const void *const *api, const RecOrtEnv *env, const char *path,
                                                   const RecOrtSessionOptions *options, RecOrtSession **out) {
    return REC_ORT_FN(api, RecOrtCreateSession,
                      RecOrtStatus *(*)(const RecOrtEnv *, const char *, const RecOrtSessionOptions *, RecOrtSession **))(env, path, options, out);
}
static inline void rec_ort_release_session(const void *const *api, RecOrtSession *session) {
    REC_ORT_FN(api, RecOrtReleaseSession, void (*)(RecOrtSession *))(session);
}
static inline RecOrtStatus *rec_ort_create_cpu_memory_info(const void *const *api, RecOrtMemoryInfo **out) {
    return REC_ORT_FN(api, RecOrtCreateCpuMemoryInfo, RecOrtStatus *(*)(int, int, RecOrtMemoryInfo **))(REC_ORT_ARENA_ALLOCATOR, REC_ORT_MEM_TYPE_DEFAULT, out);
}
static inline void rec_ort_release_memory_info(const void *const *api, RecOrtMemoryInfo *info) {
    REC_ORT_FN(api, RecOrtReleaseMemoryInfo, void (*)(RecOrtMemoryInfo *))(info);
}
/// A tensor over the caller's buffer (which must outlive it); `type` is REC_ORT_TENSOR_*.
static inline RecOrtStatus *rec_ort_create_tensor(const void *const *api, const RecOrtMemoryInfo *info, void *data, size_t bytes,
                                                  const int64_t *shape, size_t rank, int type, RecOrtValue **out) {
    return REC_ORT_FN(api, RecOrtCreateTensorWithDataAsOrtValue,
                      RecOrtStatus *(*)(const RecOrtMemoryInfo *, void *, size_t, const int64_t *, size_t, int, RecOrtValue **))(
        info, data, bytes, shape, rank, type, out);
}
static inline void rec_ort_release_value(const void *const *api, RecOrtValue *value) {
    REC_ORT_FN(api, RecOrtReleaseValue, void (*)(RecOrtValue *))(value);
}
static inline RecOrtStatus *rec_ort_run(const void *const *api, RecOrtSession *session, const char *const *inputNames,
                                        const RecOrtValue *const *inputs, size_t inputCount, const char *const *outputNames,
                                        size_t outputCount, RecOrtValue **outputs) {
    return REC_ORT_FN(api, RecOrtRun,
                      RecOrtStatus *(*)(RecOrtSession *, const void *, const char *const *, const RecOrtValue *const *, size_t,
                                        const char *const *, size_t, RecOrtValue **))(
        session, NULL, inputNames, inputs, inputCount, outputNames, outputCount, outputs);
}
static inline RecOrtStatus *rec_ort_tensor_data(const void *const *api, RecOrtValue *value, void **out) {
    return REC_ORT_FN(api, RecOrtGetTensorMutableData, RecOrtStatus *(*)(RecOrtValue *, void **))(value, out);
}
/// The number of elements of a tensor value.
static inline RecOrtStatus *rec_ort_element_count(const void *const *api, const RecOrtValue *value, size_t *out) {
    RecOrtShapeInfo *info = NULL;
    RecOrtStatus *status = REC_ORT_FN(api, RecOrtGetTensorTypeAndShape, RecOrtStatus *(*)(const RecOrtValue *, RecOrtShapeInfo **))(value, &info);
    if (status) return status;
    status = REC_ORT_FN(api, RecOrtGetTensorShapeElementCount, RecOrtStatus *(*)(const RecOrtShapeInfo *, size_t *))(info, out);
    REC_ORT_FN(api, RecOrtReleaseShapeInfo, void (*)(RecOrtShapeInfo *))(info);
    return status;
}

#endif
