import CTLuaKit
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The request context: Hummingbird's core storage and the peer's address (the policy reads it).
struct PreviewContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address, nil when not an IP socket.
    let peer: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress
    }
}

/// A value set once the server is bound (its port), read by every request.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    var current: Value {
        get { lock.lock(); defer { lock.unlock() }; return value }
        set { lock.lock(); value = newValue; lock.unlock() }
    }
}

/// Refuses what ``AccessPolicy`` refuses (403, a line of text), and gives every answer the
/// page's security headers.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = PreviewContext
    let policy: Locked<AccessPolicy>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let policy = policy.current
        let fields = request.headers
        let parts = AccessPolicy.Request(
            peer: context.peer, host: request.head.authority, queryToken: request.uri.queryParameters.get("token"),
            cookie: fields[values: .cookie].joined(separator: "; "), headerToken: fields[PreviewServer.tokenHeader],
            origin: fields[.origin], isPost: request.method == .post, contentType: fields[.contentType])
        var response: Response
        if let refusal = policy.refusal(parts) {
            response = PreviewServer.text(refusal.message, status: .forbidden)
        } else {
            response = try await next(request, context)
        }
        for (name, value) in PreviewServer.securityHeaders { response.headers[name] = value }
        return response
    }
}

/// The preview's HTTP server (Hummingbird): the page, and a JSON API over the session host that
/// lives on the engine thread.
///
/// - `GET /?token=T`: sets the token cookie and sends the browser to `/` (the token leaves the
///   address bar); `GET /`: the page.
/// - `GET /api/state?since=N`: everything the page shows, or `{"version": N}` when unchanged.
/// - `POST /api/start {"start": id}`, `POST /api/step {"step": {...}}`, `POST /api/pin {}`,
///   `POST /api/save {"file": "folder/name.json", "replace": false, "name": "..."}`:
///   `{"ok": true}` or `{"ok": false, "error": "..."}` (a failed step is an answer, never a crash).
/// Nothing else is served: no file of the disk is reachable by any path.
struct PreviewServer: Sendable {
    let engine: EngineThread<SessionHost>
    let policy: Locked<AccessPolicy>

    static let tokenHeader = HTTPField.Name(AccessPolicy.headerName)!
    static let maxBody = 1 << 20

    static let securityHeaders: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, PreviewPage.contentSecurityPolicy),
        (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
        (HTTPField.Name("X-Frame-Options")!, "DENY"),
        (HTTPField.Name("Referrer-Policy")!, "no-referrer"),
        (HTTPField.Name("Cross-Origin-Opener-Policy")!, "same-origin"),
        (HTTPField.Name("Cross-Origin-Resource-Policy")!, "same-origin"),
        (.cacheControl, "no-store"),
    ]

    init(engine: EngineThread<SessionHost>, token: String) {
        self.engine = engine
        policy = Locked(AccessPolicy(token: token, port: 0))
    }

    /// The router: every route behind ``AccessMiddleware``.
    func router() -> Router<PreviewContext> {
        let router = Router(context: PreviewContext.self)
        router.add(middleware: AccessMiddleware(policy: policy))
        let engine = engine
        let policy = policy
        router.get("/") { request, _ -> Response in
            if request.uri.queryParameters.get("token") != nil {
                return Response(status: .seeOther, headers: [.location: "/", .setCookie: policy.current.cookie])
            }
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: PreviewPage.html)))
        }
        router.get("/api/state") { request, _ -> Response in
            let since = request.uri.queryParameters.get("since").flatMap { Int($0) }
            return Self.json(await engine.run { $0.state(since: since) })
        }
        router.post("/api/start") { request, _ -> Response in
            try await Self.answer(request) { body in
                guard let id = body["start"]?.integerValue else { return Self.refusal("give {\"start\": id}") }
                return await engine.run { $0.begin(Int(id)) }
            }
        }
        router.post("/api/step") { request, _ -> Response in
            try await Self.answer(request) { body in
                guard let step = body["step"], step.objectValue != nil else { return Self.refusal("give {\"step\": {...}}") }
                return await engine.run { $0.perform(step) }
            }
        }
        router.post("/api/pin") { request, _ -> Response in
            try await Self.answer(request) { _ in await engine.run { $0.pin() } }
        }
        router.post("/api/save") { request, _ -> Response in
            try await Self.answer(request) { body in
                guard let file = body["file"]?.stringValue else { return Self.refusal("give {\"file\": \"folder/name.json\"}") }
                let replace = body["replace"]?.boolValue ?? false
                let name = body["name"]?.stringValue ?? ""
                return await engine.run { $0.save(name: file, scenarioName: name, replace: replace) }
            }
        }
        return router
    }

    /// Reads a JSON object body (at most ``maxBody`` bytes) and answers with what `body` returns.
    static func answer(_ request: Request, _ body: (JSONValue) async -> JSONValue) async throws -> Response {
        let buffer = try await request.body.collect(upTo: maxBody)
        let value: JSONValue
        do { value = try JSONValue.decode(Array(buffer.readableBytesView)) } catch {
            return json(refusal("the body is not JSON: \(error)"), status: .badRequest)
        }
        guard value.objectValue != nil else { return json(refusal("the body is not a JSON object"), status: .badRequest) }
        return json(await body(value))
    }

    static func refusal(_ message: String) -> JSONValue { ["ok": false, "error": .string(message)] }

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        json((try? value.encoded()) ?? #"{"ok":false,"error":"not JSON"}"#, status: status)
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }

    /// The application, bound to 127.0.0.1:`port` (0: a free one); `onRunning` gets the real port.
    func application(port: Int, onRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let policy = policy
        return Application(
            router: router(),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                policy.current.port = bound
                await onRunning(bound)
            },
            logger: {
                var logger = Logger(label: "ctlua-preview")
                logger.logLevel = .critical  // a client that goes away is not worth a line
                return logger
            }())
    }
}
