import CTLuaKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import CTLuaPreview

/// A session that records the steps it is given (no engine): what the server does with it.
final class FakeSession: PreviewSession {
    var steps: [JSONValue] = []
    var transcript: [TranscriptEvent] { [TranscriptEvent(t: 0, type: "<img src=x onerror=alert(1)>")] }
    func perform(_ step: JSONValue) -> String? {
        if step["fail"] != nil { return "the step failed" }
        steps.append(step)
        return nil
    }
    func pin() { steps.append(["expect": ["pinned": true]]) }
    var screen: Screen { Screen(tapped: nil) }
    var panels: [(key: String, system: String?, value: JSONValue)] { [(key: "queue", system: "templates", value: ["c1"])] }
    var recorded: [JSONValue] { steps }
    func replay() throws -> [String] { [] }
    var startFailures: [String] { [] }
    func save(path: String, name: String?, overwrite: Bool) throws -> String? {
        if !overwrite, FileManager.default.fileExists(atPath: path) { throw ScenarioSession.Problem("exists") }
        let text = try JSONValue.object(["name": .string(name ?? "recorded"), "steps": .array(steps)]).encoded()
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return nil
    }
}

/// Runs a preview server on a free port of 127.0.0.1 over `project`, with fake sessions, for `body`.
func withPreview(project: String, _ body: @escaping @Sendable (TestClient, _ port: Int, _ token: String) async throws -> Void) async throws {
    let service = PreviewService(paths: [project], project: ProjectFolder(root: project), limits: ScenarioLimits(),
                                 makeSession: { _ in FakeSession() })
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let server = Task { try await service.server.application(port: 0) { continuation.yield($0) }.runService(gracefulShutdownSignals: []) }
    defer { server.cancel(); service.engine.stop() }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())
    try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
        try await body(client, port, service.token)
    }
}

func temporaryProject() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ctlua-preview-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder + "/scenarios", withIntermediateDirectories: true)
    try #"{"name": "start", "steps": [{"advance": 1}]}"#.write(toFile: folder + "/scenarios/start.json", atomically: true, encoding: .utf8)
    return URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
}

func request(_ uri: String, method: HTTPRequest.Method = .get, host: String?, cookie: String? = nil, origin: String? = nil,
             json: String? = nil) -> TestClient.Request {
    var headers: HTTPFields = [:]
    if let cookie { headers[.cookie] = "ctlua_preview=\(cookie)" }
    if let origin { headers[.origin] = origin }
    if json != nil { headers[.contentType] = "application/json" }
    return TestClient.Request(uri, method: method, authority: host, headers: headers, body: json.map { ByteBuffer(string: $0) })
}

func text(_ response: TestClient.Response) -> String { response.body.map { String(buffer: $0) } ?? "" }

struct PreviewServerTests {
    @Test func requestWithoutTokenIsRefused() async throws {
        let project = try temporaryProject()
        try await withPreview(project: project) { client, port, token in
            let host = "127.0.0.1:\(port)"
            for uri in ["/", "/api/state?since=0", "/api/state?token=wrong"] {
                let response = try await client.execute(request(uri, host: host))
                #expect(response.status == .forbidden, "\(uri)")
                #expect(!text(response).contains(token))
            }
            let wrong = try await client.execute(request("/api/state", host: host, cookie: String(repeating: "0", count: 64)))
            #expect(wrong.status == .forbidden)
            let post = try await client.execute(request("/api/step", method: .post, host: host, json: #"{"step": {"advance": 1}}"#))
            #expect(post.status == .forbidden)
            // With the token: the first load sets the cookie and leaves the token out of the address.
            let first = try await client.execute(request("/?token=\(token)", host: host))
            #expect(first.status == .seeOther)
            #expect(first.headers[.location] == "/")
            let cookie = try #require(first.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains(token))
            let page = try await client.execute(request("/", host: host, cookie: token))
            #expect(page.status == .ok)
            #expect(page.headers[.contentSecurityPolicy] == PreviewPage.contentSecurityPolicy)
            #expect(text(page).contains("ctlua preview"))
        }
    }

    @Test func wrongHostIsRefused() async throws {
        let project = try temporaryProject()
        try await withPreview(project: project) { client, port, token in
            for host in ["evil.example:\(port)", "127.0.0.1:\(port + 1)", "127.0.0.1", "localhost.evil.example:\(port)"] {
                let response = try await client.execute(request("/api/state", host: host, cookie: token))
                #expect(response.status == .forbidden, "\(host)")
                #expect(text(response).contains("Host"))
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)"] {
                #expect(try await client.execute(request("/api/state", host: host, cookie: token)).status == .ok, "\(host)")
            }
        }
    }

    @Test func crossOriginPostIsRefused() async throws {
        let project = try temporaryProject()
        try await withPreview(project: project) { client, port, token in
            let host = "127.0.0.1:\(port)"
            let foreign = try await client.execute(request("/api/start", method: .post, host: host, cookie: token,
                                                           origin: "http://evil.example", json: #"{"start": 1}"#))
            #expect(foreign.status == .forbidden)
            var form = request("/api/start", method: .post, host: host, cookie: token, json: #"{"start": 1}"#)
            form.head.headerFields[.contentType] = "application/x-www-form-urlencoded"
            #expect(try await client.execute(form).status == .forbidden)
            let own = try await client.execute(request("/api/start", method: .post, host: host, cookie: token,
                                                       origin: "http://\(host)", json: #"{"start": 1}"#))
            #expect(own.status == .ok)
            #expect(text(own).contains(#""ok":true"#))
        }
    }

    @Test func noPathReachesAFile() async throws {
        let project = try temporaryProject()
        try await withPreview(project: project) { client, port, token in
            let host = "127.0.0.1:\(port)"
            for uri in ["/scenarios/start.json", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/../scenarios/start.json",
                        "/api/state/../../etc/hostname", "//etc/passwd", "/index.html"] {
                let response = try await client.execute(request(uri, host: host, cookie: token))
                #expect(response.status != .ok || !text(response).contains("steps"), "\(uri)")
                #expect(!text(response).contains("root:"), "\(uri)")
                #expect(!text(response).contains(#""advance""#), "\(uri)")
            }
        }
    }

    @Test func saveOutsideTheProjectIsRefused() async throws {
        let project = try temporaryProject()
        let outside = try temporaryProject()
        try FileManager.default.createSymbolicLink(atPath: project + "/out", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: project + "/link.json", withDestinationPath: outside + "/target.json")
        try await withPreview(project: project) { client, port, token in
            let host = "127.0.0.1:\(port)"
            _ = try await client.execute(request("/api/start", method: .post, host: host, cookie: token, json: #"{"start": 1}"#))
            _ = try await client.execute(request("/api/step", method: .post, host: host, cookie: token, json: #"{"step": {"advance": 1}}"#))
            for name in ["../escape.json", "/tmp/escape.json", "out/escape.json", "scenarios/../../escape.json", "link.json",
                         ".hidden.json", "a\\b.json", "x.lua", ""] {
                let body = "{\"file\": \(JSONWriter.quote(name))}"
                let response = try await client.execute(request("/api/save", method: .post, host: host, cookie: token, json: body))
                #expect(text(response).contains(#""ok":false"#), "\(name)")
            }
            #expect(!FileManager.default.fileExists(atPath: outside + "/escape.json"))
            #expect(!FileManager.default.fileExists(atPath: outside + "/target.json"))
            #expect(!FileManager.default.fileExists(atPath: (project as NSString).deletingLastPathComponent + "/escape.json"))
            let saved = try await client.execute(request("/api/save", method: .post, host: host, cookie: token,
                                                         json: #"{"file": "scenarios/recorded.json"}"#))
            #expect(text(saved).contains(#""ok":true"#))
            let written = try String(contentsOfFile: project + "/scenarios/recorded.json", encoding: .utf8)
            #expect(written.contains(#""advance""#))
            let again = try await client.execute(request("/api/save", method: .post, host: host, cookie: token,
                                                         json: #"{"file": "scenarios/recorded.json"}"#))
            #expect(text(again).contains("exists"))
        }
    }

    @Test func failedStepIsAnAnswerNotACrash() async throws {
        let project = try temporaryProject()
        try await withPreview(project: project) { client, port, token in
            let host = "127.0.0.1:\(port)"
            let before = try await client.execute(request("/api/step", method: .post, host: host, cookie: token, json: #"{"step": {"tap": "x"}}"#))
            #expect(text(before).contains("no session"))
            _ = try await client.execute(request("/api/start", method: .post, host: host, cookie: token, json: #"{"start": 1}"#))
            let failed = try await client.execute(request("/api/step", method: .post, host: host, cookie: token, json: #"{"step": {"fail": 1}}"#))
            #expect(text(failed).contains("the step failed"))
            let garbage = try await client.execute(request("/api/step", method: .post, host: host, cookie: token, json: "{not json"))
            #expect(garbage.status == .badRequest)
            let state = try await client.execute(request("/api/state?since=0", host: host, cookie: token))
            #expect(state.status == .ok)
            #expect(state.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(text(state).contains("the step failed"))
        }
    }
}

struct AccessPolicyTests {
    @Test(arguments: [("127.0.0.1", true), ("127.8.9.10", true), ("::1", true), ("::ffff:127.0.0.1", true),
                      ("192.168.1.5", false), ("10.0.0.1", false), ("::ffff:10.0.0.1", false), ("fe80::1", false),
                      ("0.0.0.0", false), ("1270.0.0.1", false), ("", false)])
    func onlyLoopbackPeersAreAnswered(address: String, loopback: Bool) {
        #expect(AccessPolicy.isLoopback(address) == loopback)
        let policy = AccessPolicy(token: "t", port: 8080)
        let request = AccessPolicy.Request(peer: address, host: "127.0.0.1:8080", headerToken: "t")
        #expect((policy.refusal(request) == nil) == loopback)
    }

    @Test func unknownPeerIsRefused() {
        let policy = AccessPolicy(token: "t", port: 8080)
        #expect(policy.refusal(AccessPolicy.Request(peer: nil, host: "127.0.0.1:8080", headerToken: "t")) == .peer("unknown"))
    }

    @Test func tokenIsLongAndRandom() {
        let (a, b) = (AccessPolicy.makeToken(), AccessPolicy.makeToken())
        #expect(a.count == 64 && b.count == 64 && a != b)
        #expect(a.allSatisfy { $0.isHexDigit })
    }
}
