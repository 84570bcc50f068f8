// sherpa-onnx's C API (neural text to speech over ONNX Runtime), from PyPI's sherpa-onnx-core
// wheel, installed with a pkg-config file by .ci/install-neural.
#include <sherpa-onnx/c-api/c-api.h>
