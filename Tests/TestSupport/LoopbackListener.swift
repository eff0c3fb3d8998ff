import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 listener on 127.0.0.1, on a port the system picks: the test servers' socket, each connection's
/// requests handed to a handler of the server's.
final class LoopbackListener: @unchecked Sendable {
    let port: Int
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private var channel: (any Channel)?

    init<Handler: ChannelInboundHandler & Sendable>(handler: @escaping @Sendable () -> Handler) throws
        where Handler.InboundIn == HTTPServerRequestPart {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap { channel.pipeline.addHandler(handler()) }
            }
        let channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        self.channel = channel
        port = channel.localAddress?.port ?? 0
    }

    deinit { stop() }

    func stop() {
        // A listener already closed, or a group already shut down, is what stopping wants.
        try? channel?.close().wait()
        channel = nil
        try? group.syncShutdownGracefully()
    }
}
