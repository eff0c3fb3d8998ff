/// The lock `aipbundle fetch` writes at the top of a tree it fetched, named once for the layer that writes it
/// (`AIPFetch`) and the one that reads the tree (`AIPReaders`' `SourceTree`, whose SHA-256 the build records).
public enum SourcesLockName {
    public static let fileName = "sources.lock.json"
}
