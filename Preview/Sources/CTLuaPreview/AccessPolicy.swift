import Foundation

/// Who may talk to the preview server: a browser on this machine that holds the session's
/// token, addressing the server by its own name.
///
/// - The token: 32 random bytes (``SystemRandomNumberGenerator``), hex. The first page load
///   carries it in the query (`/?token=...`, the URL printed at start); the answer sets it as a
///   cookie (`HttpOnly`, `SameSite=Strict`) and every later request carries that cookie (or the
///   `X-CTLua-Preview-Token` header, for clients that are not browsers). Anything else: 403.
/// - The peer: a loopback address only (the server listens on 127.0.0.1, so this holds unless
///   the socket is shared some other way): anything else, 403.
/// - The `Host` header: `127.0.0.1:PORT` or `localhost:PORT` only, so a page on another site
///   whose name is made to resolve to 127.0.0.1 (DNS rebinding) is refused: 403.
/// - A request that changes state (POST) must also come from the page itself: its `Origin`, when
///   sent, is `http://127.0.0.1:PORT` or `http://localhost:PORT`, and its body is JSON.
struct AccessPolicy: Sendable {
    /// The session's secret.
    let token: String
    /// The port the server listens on (known once it is bound).
    var port: Int

    static let cookieName = "ctlua_preview"
    static let headerName = "X-CTLua-Preview-Token"

    /// A new token: `bytes` random bytes from the system's generator, as hex.
    static func makeToken(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Why a request is refused, or nil when it may be answered.
    enum Refusal: Equatable, Sendable {
        case peer(String)
        case host(String)
        case token
        case origin(String)
        case contentType

        var message: String {
            switch self {
            case .peer(let peer): return "refused: the peer \(peer) is not this machine"
            case .host(let host): return "refused: the Host \(host) is not this server (127.0.0.1:PORT or localhost:PORT)"
            case .token: return "refused: no valid token (open the URL ctlua preview printed)"
            case .origin(let origin): return "refused: the Origin \(origin) is not this server"
            case .contentType: return "refused: a POST's body must be application/json"
            }
        }
    }

    /// The request's parts the policy reads.
    struct Request: Sendable {
        /// The peer's IP address (nil: unknown, refused).
        var peer: String?
        var host: String?
        var queryToken: String?
        var cookie: String?
        var headerToken: String?
        var origin: String?
        var isPost = false
        var contentType: String?
    }

    /// The first reason to refuse `request`, or nil.
    func refusal(_ request: Request) -> Refusal? {
        guard let peer = request.peer, Self.isLoopback(peer) else { return .peer(request.peer ?? "unknown") }
        guard let host = request.host, allowedHosts.contains(host.lowercased()) else { return .host(request.host ?? "none") }
        let offered = [request.queryToken, request.headerToken, request.cookie.flatMap(Self.cookieToken)].compactMap { $0 }
        guard offered.contains(where: { Self.constantTimeEqual($0, token) }) else { return .token }
        if request.isPost {
            if let origin = request.origin, !allowedHosts.map({ "http://" + $0 }).contains(origin.lowercased()) {
                return .origin(origin)
            }
            guard let type = request.contentType, type.lowercased().hasPrefix("application/json") else { return .contentType }
        }
        return nil
    }

    /// The Host values of this server.
    var allowedHosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    /// The cookie that hands the token to the page: script cannot read it, no other site sends it.
    var cookie: String { "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" }

    /// The token in a `Cookie` header (`a=1; ctlua_preview=...`), if any.
    static func cookieToken(_ header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces)
            if pair.hasPrefix(cookieName + "=") { return String(pair.dropFirst(cookieName.count + 1)) }
        }
        return nil
    }

    /// An IPv4 address in 127.0.0.0/8, or the IPv6 loopback (`::1`, `::ffff:127.x.y.z`).
    static func isLoopback(_ address: String) -> Bool {
        let lowered = address.lowercased()
        if lowered == "::1" || lowered == "0:0:0:0:0:0:0:1" { return true }
        let v4 = lowered.hasPrefix("::ffff:") ? String(lowered.dropFirst(7)) : lowered
        let parts = v4.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil } && parts[0] == "127"
    }

    /// Compares every byte whatever the first difference (no timing hint of the token).
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
