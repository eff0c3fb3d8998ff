import Foundation

/// An `.xlsx` workbook opened for reading its worksheets as text cells: the spreadsheets the rules maintainers edit.
///
/// Parts are found the way the format says: `_rels/.rels` names the workbook part, the workbook's relationships name
/// its worksheets and shared strings. Zip members are inflated by ``ZipArchive`` (bounded, CRC-checked); XML is
/// streamed by ``XMLStreamReader``. Elements are matched by local name, so transitional and strict OOXML read alike.
public struct XLSXWorkbook {
    /// A worksheet as the workbook lists it.
    public struct SheetInfo: Sendable, Equatable {
        public var name: String
        /// The worksheet's part in the archive (`xl/worksheets/sheet1.xml`).
        public var part: String
    }

    public let displayName: String
    /// Worksheets in workbook order (chart sheets and other kinds left out).
    public let worksheets: [SheetInfo]
    /// Size of the archive on disk.
    public let byteCount: Int
    private let archive: ZipArchive
    private let sharedStrings: XLSXSharedStrings

    /// Opens the workbook at `url` and reads its list of worksheets and its shared strings.
    ///
    /// - Throws: ``SourceError``: `.corruptCompression` when the file is not a zip archive or a part is damaged,
    ///   `.malformed` when a required part is missing or not the expected XML, or when the workbook has no worksheet.
    public init(contentsOf url: URL, displayName: String) throws(SourceError) {
        self.displayName = displayName
        archive = try ZipArchive(contentsOf: url, displayName: displayName)
        // The archive's own size: a second look at the file could fail, or see another file, where this cannot.
        byteCount = archive.byteCount
        let workbookPart = try Self.mainPart(in: archive, displayName: displayName)
        let relationships = try Self.relationships(of: workbookPart, in: archive, displayName: displayName)
        var worksheets: [SheetInfo] = []
        try Self.events(workbookPart, in: archive, displayName: displayName) { event throws(SourceError) in
            guard case .start("sheet", let attributes) = event else { return }
            let name = attributes["name"] ?? "Sheet\(worksheets.count + 1)"
            guard let id = attributes["id"], let relationship = relationships[id] else {
                throw SourceError(file: displayName, kind: .malformed,
                                  reason: "lists sheet \"\(name)\" without a part behind it; the workbook is damaged, save it again")
            }
            if relationship.type.hasSuffix("/worksheet") { worksheets.append(SheetInfo(name: name, part: relationship.target)) }
        }
        guard !worksheets.isEmpty else {
            throw SourceError(file: displayName, kind: .malformed, reason: "has no worksheet; expected at least one sheet of rules")
        }
        self.worksheets = worksheets
        if let strings = relationships.values.sorted(by: { $0.target < $1.target }).first(where: { $0.type.hasSuffix("/sharedStrings") }) {
            sharedStrings = try XLSXSharedStrings.read(try Self.part(strings.target, in: archive), file: "\(displayName)/\(strings.target)")
        } else {
            sharedStrings = XLSXSharedStrings()
        }
    }

    /// The cells of `sheet`.
    ///
    /// - Throws: ``SourceError`` when its part is missing, damaged or malformed.
    public func sheet(_ sheet: SheetInfo) throws(SourceError) -> XLSXSheet {
        try XLSXSheet.read(try Self.part(sheet.part, in: archive), name: sheet.name, file: displayName, sharedStrings: sharedStrings)
    }

    // MARK: Parts and relationships

    private struct Relationship {
        var type: String
        /// The target part's path inside the archive.
        var target: String
    }

    private static func part(_ path: String, in archive: ZipArchive) throws(SourceError) -> Data {
        try archive.member(path).bytes
    }

    private static func events(_ path: String, in archive: ZipArchive, displayName: String,
                               body: (XMLEvent) throws(SourceError) -> Void) throws(SourceError) {
        try XMLStreamReader.read(try part(path, in: archive), file: "\(displayName)/\(path)", body: body)
    }

    /// The workbook part, as `_rels/.rels` names it (`xl/workbook.xml` in every file seen).
    private static func mainPart(in archive: ZipArchive, displayName: String) throws(SourceError) -> String {
        guard archive.memberNames.contains("_rels/.rels") else {
            throw SourceError(file: displayName, kind: .malformed,
                              reason: "is a zip archive but not an XLSX workbook (no _rels/.rels); save the sheet as .xlsx")
        }
        let relationships = try relationships(in: "_rels/.rels", base: "", archive: archive, displayName: displayName)
        guard let main = relationships.values.sorted(by: { $0.target < $1.target }).first(where: { $0.type.hasSuffix("/officeDocument") }) else {
            throw SourceError(file: displayName, kind: .malformed, reason: "names no workbook part in _rels/.rels; save the sheet as .xlsx")
        }
        return main.target
    }

    /// The relationships of `part`, by id, from `<folder>/_rels/<name>.rels`.
    private static func relationships(of part: String, in archive: ZipArchive, displayName: String) throws(SourceError) -> [String: Relationship] {
        let folder = (part as NSString).deletingLastPathComponent
        let name = (part as NSString).lastPathComponent
        let path = folder.isEmpty ? "_rels/\(name).rels" : "\(folder)/_rels/\(name).rels"
        return try relationships(in: path, base: folder, archive: archive, displayName: displayName)
    }

    private static func relationships(in path: String, base: String, archive: ZipArchive, displayName: String) throws(SourceError) -> [String: Relationship] {
        var found: [String: Relationship] = [:]
        try events(path, in: archive, displayName: displayName) { event in
            guard case .start("Relationship", let attributes) = event, let id = attributes["Id"], let type = attributes["Type"],
                  let target = attributes["Target"], attributes["TargetMode"] != "External" else { return }
            found[id] = Relationship(type: type, target: resolve(target, from: base))
        }
        return found
    }

    /// A relationship target as an archive path: absolute (`/xl/…`) or relative to the source part's folder.
    static func resolve(_ target: String, from base: String) -> String {
        var components: [Substring] = target.hasPrefix("/") ? [] : base.split(separator: "/")
        for component in target.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return components.joined(separator: "/")
    }
}
