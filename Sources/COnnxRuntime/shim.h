// ONNX Runtime's C API, from its own header: onnxruntime_c_api.h of ONNX Runtime 1.17.0 (MIT),
// which .ci/install-deps takes from PyPI's amd-quark 0.9 wheel, both pinned by SHA-256, and
// finds through pkg-config (recite-onnxruntime.pc). Every call Recite makes goes through the
// header's OrtApi table, so the compiler checks each one. The library (1.32.0, from the
// onnxruntime wheel) is opened with dlopen on a neural voice's first use (ReciteSynth's
// OnnxRuntime.swift), not linked; the table only grows, so API version 17 is a prefix of its own.
#ifndef RECITE_ONNXRUNTIME_SHIM_H
#define RECITE_ONNXRUNTIME_SHIM_H

#include <onnxruntime_c_api.h>

/// The type of OrtGetApiBase, looked up with dlsym.
typedef const OrtApiBase *(*RecOrtGetApiBaseFunction)(void);

#endif
