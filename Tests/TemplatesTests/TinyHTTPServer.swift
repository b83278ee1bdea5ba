import Foundation
import Platform

/// A minimal HTTP/1.0 server on 127.0.0.1 for tests: fixed routes, counts requests.
final class TinyHTTPServer: @unchecked Sendable {
    private let lock = NSLock()
    private var routes: [String: (Int, [UInt8])]
    private var hits: [String: Int] = [:]
    private let socketFD: Int32
    let port: UInt16

    init(routes: [String: (Int, String)]) throws {
        self.routes = routes.mapValues { ($0.0, Array($0.1.utf8)) }
        let fd = Platform.tcpSocket()
        socketFD = fd
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in self.serve() }
        thread.start()
    }

    /// Requests served for `path`.
    func hitCount(_ path: String) -> Int { lock.lock(); defer { lock.unlock() }; return hits[path, default: 0] }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() { shutdown(socketFD, Int32(SHUT_RDWR)); close(socketFD) }

    private func serve() {
        while true {
            let client = accept(socketFD, nil, nil)
            guard client >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            var request: [UInt8] = []
            while !request.contains(0x0A) || !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
                let n = read(client, &buffer, buffer.count)
                if n <= 0 { break }
                request += buffer[0..<n]
            }
            let line = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first ?? ""
            let parts = line.split(separator: " ")
            let path = parts.count > 1 ? String(parts[1]) : "/"
            lock.lock()
            hits[path, default: 0] += 1
            let (status, body) = routes[path] ?? (404, Array("not found".utf8))
            lock.unlock()
            let head = "HTTP/1.0 \(status) X\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            let response = Array(head.utf8) + body
            _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            close(client)
        }
    }
}
