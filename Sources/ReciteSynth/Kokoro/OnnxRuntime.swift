import COnnxRuntime
import Foundation

/// The only file that talks to ONNX Runtime: the library opened once per process, and sessions
/// that run a model on float and int64 tensors.
///
/// ONNX Runtime 1.32 (PyPI's onnxruntime wheel, unpacked by `.ci/install-neural`) is opened with
/// `dlopen` rather than linked: sherpa-onnx, linked for Piper voices, carries ONNX Runtime 1.28,
/// which runs Kokoro's int8 graph 2.6 to 2.8 times slower (the same tokens, one thread, both
/// libraries called the same way).
enum OnnxRuntime {
    /// Where the library is looked for: `$RECITE_ONNXRUNTIME`, then where `.ci/install-neural` puts it.
    static func libraryPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["RECITE_ONNXRUNTIME"], !path.isEmpty { return path }
        return "/opt/recite/onnxruntime-\(version)/lib/libonnxruntime.so.\(version)"
    }

    /// The release Recite is built and measured with.
    static let version = "1.32.0"

    /// The function table, once per process; an error message when the library is missing.
    nonisolated(unsafe) private static var loaded: Result<UnsafePointer<UnsafeRawPointer?>, SynthesisError>?
    private static let lock = NSLock()

    static func api() throws(SynthesisError) -> UnsafePointer<UnsafeRawPointer?> {
        let result = lock.withLock { () -> Result<UnsafePointer<UnsafeRawPointer?>, SynthesisError> in
            if let loaded { return loaded }
            let result = open(libraryPath())
            loaded = result
            return result
        }
        return try result.get()
    }

    /// The library's own version string ("1.32.0"), or nil when it cannot be opened.
    static var loadedVersion: String? {
        guard (try? api()) != nil, let handle = dlopen(libraryPath(), RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD),
              let symbol = dlsym(handle, "OrtGetApiBase") else { return nil }
        let base = unsafeBitCast(symbol, to: RecOrtGetApiBaseFunction.self)()
        return base?.pointee.getVersionString().map { String(cString: $0) }
    }

    private static func open(_ path: String) -> Result<UnsafePointer<UnsafeRawPointer?>, SynthesisError> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            return .failure(SynthesisError("ONNX Runtime cannot be opened (\(reason)); run .ci/install-neural, or set RECITE_ONNXRUNTIME to libonnxruntime.so.\(version)"))
        }
        guard let symbol = dlsym(handle, "OrtGetApiBase"),
              let base = unsafeBitCast(symbol, to: RecOrtGetApiBaseFunction.self)(),
              let table = base.pointee.getApi(UInt32(REC_ORT_API_VERSION)) else {
            return .failure(SynthesisError("\(path) is not a usable ONNX Runtime library (1.16 or later is needed)"))
        }
        return .success(UnsafeRawPointer(table).assumingMemoryBound(to: UnsafeRawPointer?.self))
    }

    /// Turns a status into an error (and frees it); nil status is success.
    static func check(_ status: OpaquePointer?, _ what: String, api: UnsafePointer<UnsafeRawPointer?>) throws(SynthesisError) {
        guard let status else { return }
        let message = rec_ort_error_message(api, status).map { String(cString: $0) } ?? "no message"
        rec_ort_release_status(api, status)
        throw SynthesisError("ONNX Runtime could not \(what): \(message)")
    }
}

/// A loaded model. Not thread-safe: one segment at a time (a neural worker forks a child per
/// segment, and each child has its own copy).
final class OnnxSession {
    private let api: UnsafePointer<UnsafeRawPointer?>
    private let env: OpaquePointer
    private let session: OpaquePointer
    private let memory: OpaquePointer

    /// Loads `model` with `threads` intra-op threads.
    init(model: String, threads: Int) throws(SynthesisError) {
        let api = try OnnxRuntime.api()
        self.api = api
        var env: OpaquePointer?
        try OnnxRuntime.check(rec_ort_create_env(api, "recite", &env), "start", api: api)
        var options: OpaquePointer?
        try OnnxRuntime.check(rec_ort_create_session_options(api, &options), "make session options", api: api)
        defer { rec_ort_release_session_options(api, options) }
        try OnnxRuntime.check(rec_ort_set_intra_threads(api, options, Int32(max(1, threads))), "set its threads", api: api)
        try OnnxRuntime.check(rec_ort_set_inter_threads(api, options, 1), "set its threads", api: api)
        try OnnxRuntime.check(rec_ort_optimize_all(api, options), "set its optimization level", api: api)
        var session: OpaquePointer?
        do {
            try OnnxRuntime.check(rec_ort_create_session(api, env, model, options, &session), "load \(model)", api: api)
        } catch {
            rec_ort_release_env(api, env)
            throw error
        }
        var memory: OpaquePointer?
        try OnnxRuntime.check(rec_ort_create_cpu_memory_info(api, &memory), "describe memory", api: api)
        self.env = env!
        self.session = session!
        self.memory = memory!
    }

    deinit {
        rec_ort_release_memory_info(api, memory)
        rec_ort_release_session(api, session)
        rec_ort_release_env(api, env)
    }

    /// An input: a name, a shape and its values.
    enum Input {
        case int64(String, shape: [Int64], values: [Int64])
        case float(String, shape: [Int64], values: [Float])
    }

    /// Runs the model and returns the float output `output`, whole.
    func run(_ inputs: [Input], output: String) throws(SynthesisError) -> [Float] {
        // The tensors borrow these buffers: they are kept alive until the run has ended.
        var buffers: [UnsafeMutableRawBufferPointer] = []
        var values: [OpaquePointer?] = []
        defer {
            for value in values { rec_ort_release_value(api, value) }
            for buffer in buffers { buffer.deallocate() }
        }
        for input in inputs {
            let (shape, bytes, type): ([Int64], [UInt8], Int32) = switch input {
            case let .int64(_, shape, array): (shape, array.withUnsafeBytes { Array($0) }, REC_ORT_TENSOR_INT64)
            case let .float(_, shape, array): (shape, array.withUnsafeBytes { Array($0) }, REC_ORT_TENSOR_FLOAT)
            }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
            buffers.append(buffer)
            // Copied inside withUnsafeBytes: a pointer made from the array outside it may dangle.
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
            var value: OpaquePointer?
            try shape.withUnsafeBufferPointer { dims throws(SynthesisError) in
                try OnnxRuntime.check(rec_ort_create_tensor(api, memory, buffer.baseAddress, bytes.count, dims.baseAddress, dims.count, type, &value),
                                      "make an input tensor", api: api)
            }
            values.append(value)
        }
        let names = inputs.map { input -> String in
            switch input { case let .int64(name, _, _), let .float(name, _, _): name }
        }
        var result: OpaquePointer?
        let status = withCStrings(names + [output]) { pointers in
            let inputNames = Array(pointers.prefix(names.count))
            var outputName = [pointers[names.count]]
            return inputNames.withUnsafeBufferPointer { inNames in
                values.withUnsafeBufferPointer { inValues in
                    outputName.withUnsafeMutableBufferPointer { outNames in
                        rec_ort_run(api, session, inNames.baseAddress, inValues.baseAddress, names.count, outNames.baseAddress, 1, &result)
                    }
                }
            }
        }
        try OnnxRuntime.check(status, "run the model", api: api)
        defer { rec_ort_release_value(api, result) }
        var count = 0
        try OnnxRuntime.check(rec_ort_element_count(api, result, &count), "read the output's size", api: api)
        var data: UnsafeMutableRawPointer?
        try OnnxRuntime.check(rec_ort_tensor_data(api, result, &data), "read the output", api: api)
        guard let data, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: count))
    }

    /// `body` with the strings as C strings, freed after.
    private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }
}
