import CLibCrypto
import Foundation

/// SHA-256 through OpenSSL's libcrypto, for the segment cache's content-addressed keys, its
/// integrity check and the neural voices' model hashes. The only file that imports libcrypto:
/// its EVP interface uses the processor's SHA instructions where there are some, and hashes the
/// caller's bytes where they lie (a 60 MB voice model is hashed from its memory mapping, not copied).
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: some ContiguousBytes) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let succeeded = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { out in
                // A null pointer is not valid input even for an empty message.
                EVP_Digest(input.baseAddress ?? UnsafeRawPointer(out.baseAddress!), input.count, out.baseAddress, &length,
                           EVP_sha256(), nil)
            }
        }
        // EVP_Digest fails only when the library cannot allocate its context: as out of memory.
        precondition(succeeded == 1 && length == 32, "libcrypto could not compute a SHA-256 digest")
        return Array(output.prefix(32))
    }

    /// The linked libcrypto ("OpenSSL 3.0.19 …"), for `recite --version`.
    public static var libraryVersion: String { String(cString: OpenSSL_version(OPENSSL_VERSION)) }

    /// The digest as 64 lowercase hex digits.
    public static func hex(_ bytes: some ContiguousBytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest(bytes).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}
