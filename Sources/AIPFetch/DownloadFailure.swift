import AIPErrorText
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Why a request failed, as the end of a sentence a person can act on: the cause and what to do.
///
/// The HTTP stack's own errors print as `NIOConnectionError(host: …, connectionErrors: [...])`,
/// `HTTPClientError.remoteConnectionClosed` or, through Foundation, `Error Domain=NSURLErrorDomain … UserInfo=…`:
/// type names and dumps no one can act on, which may carry the request's full URL (a mirror's password with it).
/// So none of them is shown as it is; what cannot be recognised is said as "the download failed" and what to check.
enum DownloadFailure {
    static func cause(_ error: any Error) -> String {
        switch error {
        case let connection as NIOConnectionError:
            if connection.connectionErrors.isEmpty, connection.dnsAError != nil || connection.dnsAAAAError != nil {
                return "the host name \(connection.host) could not be resolved; check the URL, or the network's DNS"
            }
            let errno = connection.connectionErrors.lazy.compactMap { ($0.error as? IOError)?.errnoCode }.first
            return "could not connect to \(connection.host):\(connection.port)" + (errno.map { " (\(socketReason($0)))" } ?? "")
                + "; check that the site (or --mirror) is up and reachable from here"
        case let io as IOError where [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, ETIMEDOUT].contains(io.errnoCode):
            return "could not connect (\(socketReason(io.errnoCode))); check that the site (or --mirror) is up and reachable from here"
        case let io as IOError:
            return "the connection failed (\(socketReason(io.errnoCode))); run fetch again, and check the network if it persists"
        case let channel as ChannelError:
            if case .connectTimeout = channel {
                return "could not connect within the timeout; check that the site (or --mirror) is up, or raise fetch.timeout_seconds"
            }
            return "the connection broke off; run fetch again, and check the network if it persists"
        case let client as HTTPClientError:
            return clientReason(client)
        default:
            break
        }
        // swift-nio-ssl's errors (a certificate not trusted, a handshake refused), recognised by their module's name:
        // fetch does not link it directly.
        if String(reflecting: type(of: error)).hasPrefix("NIOSSL.") {
            return "the TLS connection could not be set up (a certificate that does not verify, or a handshake the server refused); check the site's certificate chain"
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            return "the download failed (URL error \(nsError.code)); check the network and the URL, then run fetch again"
        }
        if nsError.domain == NSPOSIXErrorDomain || nsError.domain == NSCocoaErrorDomain || error is POSIXError {
            return "the download could not be stored (\(ErrorText.reason(error)))"
        }
        return "the download failed (\(String(describing: type(of: error)))); check the network and the URL, then run fetch again"
    }

    private static func socketReason(_ code: CInt) -> String {
        switch code {
        case ECONNREFUSED: "connection refused: nothing listens there"
        case ECONNRESET: "connection reset by the server"
        case ETIMEDOUT: "timed out"
        case ENETUNREACH, EHOSTUNREACH: "no route to the host"
        default: ErrorText.reason(errno: code)
        }
    }

    private static func clientReason(_ error: HTTPClientError) -> String {
        switch error {
        case .tlsHandshakeTimeout:
            "the TLS handshake did not finish within the timeout; the site may be overloaded, or raise fetch.timeout_seconds"
        case .invalidURL, .emptyHost, .emptyScheme:
            "the URL cannot be requested; check the source's URL in pipeline.json"
        case .cancelled:
            "the request was cancelled"
        case .getConnectionFromPoolTimeout:
            "no connection to the host became free within the timeout; lower fetch.max_connections_per_host or raise fetch.timeout_seconds"
        default:
            "the HTTP exchange failed (\(String("\(error)".split(separator: ".").last ?? "unknown error"))); run fetch again, and check the site if it persists"
        }
    }
}
