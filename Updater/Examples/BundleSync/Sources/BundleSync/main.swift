import AIPUpdate
import Foundation

// `BundleSync <channel URL or folder> <bundle folder> <signing.pub>`: one sync, each state on stdout, the advice
// (if any) on stderr, exit status 0 when the bundle is current.
let list = Array(CommandLine.arguments.dropFirst())
guard list.count == 3 else {
    FileHandle.standardError.write(Data("usage: BundleSync <channel> <bundle folder> <signing.pub>\n".utf8))
    exit(64)
}
let channel = list[0].contains("://") ? URL(string: list[0])! : URL(fileURLWithPath: list[0], isDirectory: true)
let key = try SigningPublicKey(fileAt: URL(fileURLWithPath: list[2]))

let service = BundleSync(channel: channel, folder: URL(fileURLWithPath: list[1]), trustedKey: key)
let watcher = Task { @MainActor in
    var last: UpdateClient.State?
    while !Task.isCancelled {
        if service.state != last {
            last = service.state
            print("\(service.state)")
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
}
await service.sync()
watcher.cancel()
print("\(service.state)")
if let advice = service.advice { FileHandle.standardError.write(Data("\(advice)\n".utf8)) }
guard case .complete(let outcome) = service.state else { exit(1) }
print(outcome.changed ? "installed \(outcome.version)" : "\(outcome.version) is current")
