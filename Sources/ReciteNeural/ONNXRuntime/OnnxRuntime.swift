import COnnxRuntime
import Foundation
import ReciteSynth

/// The only file that talks to ONNX Runtime: the library opened once per process, and sessions
/// that run a model on float and int64 tensors, for Piper and Kokoro voices alike.
///
/// ONNX Runtime 1.32 (PyPI's onnxruntime wheel, unpacked by `.ci/install-neural`) is opened with
/// `dlopen` rather than linked, on a neural voice's first use: `recite` builds and runs eSpeak
/// NG's voices where the wheel is not installed, and a process holds one ONNX Runtime at most.
enum OnnxRuntime {
    /// Where the library is looked for: `$RECITE_ONNXRUNTIME`, then where `.ci/install-neural` puts it.
    static func libraryPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["RECITE_ONNXRUNTIME"], !path.isEmpty { return path }
        return "/opt/recite/onnxruntime-\(version)/lib/libonnxruntime.so.\(version)"
    }

    /// The release Recite is built and measured with.
    static let version = "1.32.0"

    /// The API version Recite asks for: that of the header it is compiled against (1.17's), a
    /// prefix of every later library's table.
    static let apiVersion = UInt32(ORT_API_VERSION)

    /// The function table, once per process; an error message when the library is missing.
    nonisolated(unsafe) private static var loaded: Result<Library, SynthesisError>?
    private static let lock = NSLock()

    /// The opened library: its function table and version.
    struct Library: @unchecked Sendable {
        let api: UnsafePointer<OrtApi>
        let version: String
    }

    static func api() throws(SynthesisError) -> UnsafePointer<OrtApi> {
        try library().api
    }

    private static func library() throws(SynthesisError) -> Library {
        let result = lock.withLock { () -> Result<Library, SynthesisError> in
            if let loaded { return loaded }
            let result = open(libraryPath())
            loaded = result
            return result
        }
        return try result.get()
    }

    /// The library's own version string ("1.32.0"), or nil when it cannot be opened.
    static var loadedVersion: String? { try? library().version }

    private static func open(_ path: String) -> Result<Library, SynthesisError> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            return .failure(SynthesisError("ONNX Runtime cannot be opened (\(reason)); run .ci/install-neural, or set RECITE_ONNXRUNTIME to libonnxruntime.so.\(version)"))
        }
        guard let symbol = dlsym(handle, "OrtGetApiBase"),
              let base = unsafeBitCast(symbol, to: RecOrtGetApiBaseFunction.self)(),
              let table = base.pointee.GetApi(apiVersion) else {
            dlclose(handle)
            return .failure(SynthesisError("\(path) is not a usable ONNX Runtime library (1.17 or later is needed)"))
        }
        let version = base.pointee.GetVersionString().map { String(cString: $0) } ?? "unknown"
        return .success(Library(api: table, version: version))
    }

    /// Turns a status into an error (and frees it); nil status is success.
    static func check(_ status: OpaquePointer?, _ what: String, api: UnsafePointer<OrtApi>) throws(SynthesisError) {
        guard let status else { return }
        let message = api.pointee.GetErrorMessage(status).map { String(cString: $0) } ?? "no message"
        api.pointee.ReleaseStatus(status)
        throw SynthesisError("ONNX Runtime could not \(what): \(message)")
    }
}

/// The neural runtime, for `recite --version`.
public enum NeuralRuntimeVersion {
    /// "ONNX Runtime 1.32.0 (Piper and Kokoro voices)", or how to install it.
    public static var description: String {
        guard let version = OnnxRuntime.loadedVersion else {
            return "ONNX Runtime \(OnnxRuntime.version): not installed (neural voices need it: .ci/install-neural)"
        }
        return "ONNX Runtime \(version) (Piper and Kokoro voices)"
    }

    /// Whether the library is where it is looked for, without opening it: a build asks this, and
    /// only its neural workers load the library.
    public static var isInstalled: Bool { FileManager.default.fileExists(atPath: OnnxRuntime.libraryPath()) }

    /// Why neural voices cannot run here (the library is missing or unusable, and how to install
    /// it), or nil when they can.
    public static var problem: String? {
        do { _ = try OnnxRuntime.api(); return nil } catch { return error.message }
    }
}

/// A loaded model. Not thread-safe: one segment at a time (a neural worker forks a child per
/// segment, and each child has its own copy).
final class OnnxSession {
    private let api: UnsafePointer<OrtApi>
    private let env: OpaquePointer
    private let session: OpaquePointer
    private let memory: OpaquePointer

    /// Loads `model` with `threads` intra-op threads. What was made before a step that fails is
    /// released.
    init(model: String, threads: Int) throws(SynthesisError) {
        let api = try OnnxRuntime.api()
        let ort = api.pointee
        self.api = api
        var env: OpaquePointer?, options: OpaquePointer?, session: OpaquePointer?, memory: OpaquePointer?
        var done = false
        defer {
            if let options { ort.ReleaseSessionOptions(options) }
            if !done {
                if let memory { ort.ReleaseMemoryInfo(memory) }
                if let session { ort.ReleaseSession(session) }
                if let env { ort.ReleaseEnv(env) }
            }
        }
        try OnnxRuntime.check(ort.CreateEnv(ORT_LOGGING_LEVEL_ERROR, "recite", &env), "start", api: api)
        try OnnxRuntime.check(ort.CreateSessionOptions(&options), "make session options", api: api)
        try OnnxRuntime.check(ort.SetIntraOpNumThreads(options, Int32(max(1, threads))), "set its threads", api: api)
        try OnnxRuntime.check(ort.SetInterOpNumThreads(options, 1), "set its threads", api: api)
        try OnnxRuntime.check(ort.SetSessionGraphOptimizationLevel(options, ORT_ENABLE_ALL), "set its optimization level", api: api)
        try OnnxRuntime.check(ort.CreateSession(env, model, options, &session), "load \(model)", api: api)
        try OnnxRuntime.check(ort.CreateCpuMemoryInfo(OrtArenaAllocator, OrtMemTypeDefault, &memory), "describe memory", api: api)
        guard let env, let session, let memory else { throw SynthesisError("ONNX Runtime gave no session for \(model)") }
        self.env = env
        self.session = session
        self.memory = memory
        done = true
    }

    deinit {
        api.pointee.ReleaseMemoryInfo(memory)
        api.pointee.ReleaseSession(session)
        api.pointee.ReleaseEnv(env)
    }

    /// An input: a name, a shape and its values.
    enum Input {
        case int64(String, shape: [Int64], values: [Int64])
        case float(String, shape: [Int64], values: [Float])
    }

    /// Runs the model and returns the float output `output`, whole.
    func run(_ inputs: [Input], output: String) throws(SynthesisError) -> [Float] {
        let ort = api.pointee
        // The tensors borrow these buffers: they are kept alive until the run has ended.
        var buffers: [UnsafeMutableRawBufferPointer] = []
        var values: [OpaquePointer?] = []
        defer {
            for value in values { if let value { ort.ReleaseValue(value) } }
            for buffer in buffers { buffer.deallocate() }
        }
        for input in inputs {
            let (shape, bytes, type): ([Int64], [UInt8], ONNXTensorElementDataType) = switch input {
            case let .int64(_, shape, array): (shape, array.withUnsafeBytes { Array($0) }, ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64)
            case let .float(_, shape, array): (shape, array.withUnsafeBytes { Array($0) }, ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT)
            }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
            buffers.append(buffer)
            // Copied inside withUnsafeBytes: a pointer made from the array outside it may dangle.
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
            var value: OpaquePointer?
            try shape.withUnsafeBufferPointer { dims throws(SynthesisError) in
                try OnnxRuntime.check(ort.CreateTensorWithDataAsOrtValue(memory, buffer.baseAddress, bytes.count, dims.baseAddress, dims.count, type, &value),
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
            let outputNames = [pointers[names.count]]
            return inputNames.withUnsafeBufferPointer { inNames in
                values.withUnsafeBufferPointer { inValues in
                    outputNames.withUnsafeBufferPointer { outNames in
                        ort.Run(session, nil, inNames.baseAddress, inValues.baseAddress, names.count, outNames.baseAddress, 1, &result)
                    }
                }
            }
        }
        try OnnxRuntime.check(status, "run the model", api: api)
        defer { if let result { ort.ReleaseValue(result) } }
        var info: OpaquePointer?
        try OnnxRuntime.check(ort.GetTensorTypeAndShape(result, &info), "read the output's shape", api: api)
        var count = 0
        let counted = ort.GetTensorShapeElementCount(info, &count)
        ort.ReleaseTensorTypeAndShapeInfo(info)
        try OnnxRuntime.check(counted, "read the output's size", api: api)
        var data: UnsafeMutableRawPointer?
        try OnnxRuntime.check(ort.GetTensorMutableData(result, &data), "read the output", api: api)
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
