import Foundation
import NIOCore
import NIOHTTP1

/// A local stand-in for the autorouter API on 127.0.0.1, as docs/fetch.md describes it: `POST …/oauth2/token`
/// (client credentials), `GET …/pams/airport/{ICAO}` (the document list) and `GET …/pams/id/{docid}` (a chapter),
/// with a bearer token that expires after a number of requests. Paths are matched by their end, so the server
/// answers as the API itself (`api` set to its URL) and as a `--mirror` of it; any other path is a file of `files`
/// (a mirror tree, `<host>/<path>`), so one `--mirror` serves the other sources too.
public final class AutorouterServer: @unchecked Sendable {
    /// One aerodrome the API knows: its chapter (document id and PDF bytes) if any, and its charts by list.
    public struct Aerodrome: Sendable {
        public var chapter: (docid: String, pdf: Data)?
        public var approaches: [String]
        public var departures: [String]
        public var arrivals: [String]

        public init(chapter: (docid: String, pdf: Data)?, approaches: [String] = [], departures: [String] = [], arrivals: [String] = []) {
            self.chapter = chapter
            self.approaches = approaches
            self.departures = departures
            self.arrivals = arrivals
        }
    }

    public let clientID: String
    public let clientSecret: String
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    private var listener: LoopbackListener?
    private let lock = NSLock()
    private var aerodromes: [String: Aerodrome] = [:]
    /// Requests a token answers before it expires (401); nil: never.
    private var tokenLifetime: Int?
    private var tokens: [String: Int] = [:]
    private var issued: [String] = []
    private var log: [String] = []

    /// A mirror tree for the paths that are not the API's.
    private let files: URL?

    public init(clientID: String, clientSecret: String, files: URL? = nil) throws {
        (self.clientID, self.clientSecret, self.files) = (clientID, clientSecret, files)
        listener = try LoopbackListener { [unowned self] in Handler(server: self) }
    }

    /// The port the server listens on (127.0.0.1).
    public var port: Int { listener?.port ?? 0 }

    public func stop() {
        listener?.stop()
    }

    public func set(_ icao: String, _ aerodrome: Aerodrome?) { lock.withLock { aerodromes[icao] = aerodrome } }

    /// Makes every token expire after `requests` requests from now on.
    public func expireTokens(after requests: Int?) { lock.withLock { tokenLifetime = requests } }

    /// The tokens issued so far.
    public var tokensIssued: [String] { lock.withLock { issued } }

    /// `METHOD path status` of every request, in order.
    public var requests: [String] { lock.withLock { log } }

    fileprivate func answer(method: HTTPMethod, path: String, headers: HTTPHeaders, body: Data) -> (Int, String, Data) {
        lock.withLock {
            let (status, type, bytes) = route(method: method, path: path, headers: headers, body: body)
            log.append("\(method.rawValue) \(path) \(status)")
            return (status, type, bytes)
        }
    }

    private func route(method: HTTPMethod, path: String, headers: HTTPHeaders, body: Data) -> (Int, String, Data) {
        let json = "application/json"
        if path.hasSuffix("/oauth2/token") {
            var form = URLComponents()
            form.percentEncodedQuery = String(decoding: body, as: UTF8.self)
            let fields = Dictionary((form.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
            guard method == .POST, fields["client_id"] == clientID, fields["client_secret"] == clientSecret,
                  fields["grant_type"] == "client_credentials" else {
                return (401, json, Data(#"{"error":"invalid_client"}"#.utf8))
            }
            let token = "token-\(issued.count + 1)-\(UUID().uuidString)"
            issued.append(token)
            tokens[token] = 0
            return (200, json, Data(#"{"access_token":"\#(token)","token_type":"Bearer","expires_in":3600}"#.utf8))
        }
        let api = ["/pams/airport/", "/pams/id/"].contains { path.contains($0) }
        if !api, let files {
            let file = files.appendingPathComponent(String((path.removingPercentEncoding ?? path).dropFirst()))
            guard let bytes = FileManager.default.contents(atPath: file.path) else { return (404, "text/html", Data("not found".utf8)) }
            return (200, "application/octet-stream", bytes)
        }
        guard let authorization = headers.first(name: "Authorization"), authorization.hasPrefix("Bearer "),
              let used = tokens[String(authorization.dropFirst(7))], used < (tokenLifetime ?? .max) else {
            return (401, json, Data(#"{"error":"invalid_token"}"#.utf8))
        }
        tokens[String(authorization.dropFirst(7))] = used + 1
        if let range = path.range(of: "/pams/airport/") {
            guard let aerodrome = aerodromes[String(path[range.upperBound...])] else { return (200, json, Data("[]".utf8)) }
            func list(_ headings: [String]) -> String {
                headings.enumerated().map { #"{"heading":"\#($1)","docid":\#(900 + $0),"section":"AD 2"}"# }.joined(separator: ",")
            }
            let chapter = aerodrome.chapter.map { #"{"section":"AD 2","docid":"\#($0.docid)","filename":"AD2.pdf","heading":"AD 2"}"# } ?? ""
            let icao = String(path[range.upperBound...])
            let document = #"[{"icao":"\#(icao)","authority":"XXC","Airport":[\#(chapter)],"Approach":[\#(list(aerodrome.approaches))],"#
                + #""Departure":[\#(list(aerodrome.departures))],"Arrival":[\#(list(aerodrome.arrivals))]}]"#
            return (200, json, Data(document.utf8))
        }
        if let range = path.range(of: "/pams/id/") {
            let docid = String(path[range.upperBound...])
            guard let pdf = aerodromes.values.compactMap(\.chapter).first(where: { $0.docid == docid })?.pdf else {
                return (404, json, Data(#"{"error":"no such document"}"#.utf8))
            }
            return (200, "application/pdf", pdf)
        }
        return (404, json, Data(#"{"error":"not found"}"#.utf8))
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let server: AutorouterServer
        var head: HTTPRequestHead?
        var body = Data()

        init(server: AutorouterServer) { self.server = server }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let request): (head, body) = (request, Data())
            case .body(let buffer): body.append(contentsOf: buffer.readableBytesView)
            case .end:
                guard let head else { return }
                let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
                let (status, type, bytes) = server.answer(method: head.method, path: path, headers: head.headers, body: body)
                let headers = HTTPHeaders([("Content-Type", type), ("Content-Length", String(bytes.count))])
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .init(statusCode: status), headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}
