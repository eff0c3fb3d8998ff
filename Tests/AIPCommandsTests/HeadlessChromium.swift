import Foundation
import TestSupport

/// Debian's `chromium` (installed by scripts/install-deps.sh), run headless on a page file with the network
/// disabled: every host resolves to nothing (`--host-resolver-rules`) and every proxied request goes to a closed
/// port, the browser's own background services are turned off as far as flags allow.
///
/// What the page did is read from two records Chromium keeps when asked: console messages, which
/// `--enable-logging=stderr` prints as `…:CONSOLE:…` lines, and every request, which `--log-net-log` writes as JSON.
/// A request the page made carries the page's origin (`file://`) as its network isolation key; the browser's own
/// (update checks, which the flags do not all silence) carry none, so they are told apart.
struct HeadlessChromium {
    /// The executable, when installed.
    static let executable: URL? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].map { URL(fileURLWithPath: $0) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    static var available: Bool { executable != nil }

    /// What loading a page gave.
    struct Load {
        /// The DOM after loading, as `--dump-dom` serialises it.
        var dom: String
        /// Messages the page logged to the console (errors included).
        var consoleMessages: [String]
        /// URLs the page requested over the network.
        var pageRequests: [String]
    }

    static let networkOff = [
        "--headless", "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-default-apps", "--disable-extensions", "--enable-logging=stderr", "--v=0",
    ]

    /// Loads `page`; with `screenshot`, also renders it 1280 pixels wide into that PNG.
    static func load(_ page: URL, screenshot: URL? = nil) throws -> Load {
        let scratch = try TemporaryFolder()
        let netLog = scratch.url.appendingPathComponent("net.json")
        let run = try chromium(["--user-data-dir=\(scratch.url.appendingPathComponent("profile").path)", "--log-net-log=\(netLog.path)",
                                "--dump-dom", page.absoluteString])
        if let screenshot {
            _ = try chromium(["--user-data-dir=\(scratch.url.appendingPathComponent("profile-shot").path)", "--screenshot=\(screenshot.path)",
                              "--window-size=1280,2000", "--hide-scrollbars", page.absoluteString])
        }
        let console = run.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return Load(dom: run.stdout, consoleMessages: console, pageRequests: try pageRequests(netLog))
    }

    private static func chromium(_ arguments: [String]) throws -> ProcessRun {
        // A deadline, so a browser that hangs fails the test rather than the whole run.
        let run = try runProcess(URL(fileURLWithPath: "/usr/bin/timeout"), ["120", executable!.path] + networkOff + arguments)
        guard run.code == 0 else { throw ChromiumError(description: "chromium exited with \(run.code): \(run.stderr.suffix(2_000))") }
        return run
    }

    /// The URLs of the requests started for a `file://` page, from the net log.
    private static func pageRequests(_ netLog: URL) throws -> [String] {
        let log = try JSONSerialization.jsonObject(with: Data(contentsOf: netLog)) as? [String: Any] ?? [:]
        let types = (log["constants"] as? [String: Any])?["logEventTypes"] as? [String: Int] ?? [:]
        guard let start = types["URL_REQUEST_START_JOB"] else { throw ChromiumError(description: "the net log has no URL_REQUEST_START_JOB type") }
        let events = log["events"] as? [[String: Any]] ?? []
        return events.compactMap { event in
            guard event["type"] as? Int == start, let params = event["params"] as? [String: Any],
                  let key = params["network_isolation_key"] as? String, key.hasPrefix("file://") else { return nil }
            return params["url"] as? String
        }
    }

    struct ChromiumError: Error, CustomStringConvertible {
        var description: String
    }
}
