import AIPFindings
import Foundation

/// Reads the `[FIRs]` and `[Airports]` sections of a VATSpy `VATSpy.dat`: INI-like UTF-8 text, one record a line,
/// fields separated by `|`, comments starting with `;`. The other sections (`[Countries]`, `[UIRs]`, `[IDL]`) are
/// skipped.
///
/// Findings (the line is rejected, the build goes on): `vatspy.field_count` for a line with fewer fields than its
/// section has; `value.empty` for a line without its ICAO code (or an airport without its FIR);
/// `value.not_a_number` / `value.out_of_range` for an airport position; `value.invalid_utf8` for a line that is not
/// UTF-8. A `[FIRs]` line without a name is kept (its boundary may be named by another line); the stage reports a
/// FIR no line names.
public enum VATSpyReader {
    static let firFields = 4
    static let airportFields = 7

    /// - Throws: ``SourceError``: `.empty` for an empty file, `.malformed` for one without a `[FIRs]` section.
    public static func read(_ file: SourceFile) throws(SourceError) -> VATSpyFile {
        var result = VATSpyFile(fileName: file.displayName, firs: [], airports: [], findings: [], rowCount: 0, byteCount: file.bytes.count)
        guard !file.bytes.isEmpty else {
            throw SourceError(file: file.displayName, kind: .empty, reason: "is empty; expected VATSpy.dat with a [FIRs] section")
        }
        var section = ""
        var sawFIRs = false
        let bytes = [UInt8](file.bytes)
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            lineNumber += 1
            let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { lineStart = newline + 1 }
            let end = newline > lineStart && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            let line = bytes[lineStart..<end]
            guard let first = line.first, first != UInt8(ascii: ";") else { continue }
            if first == UInt8(ascii: "[") {
                section = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                sawFIRs = sawFIRs || section == "[FIRs]"
                continue
            }
            guard section == "[FIRs]" || section == "[Airports]" else { continue }
            result.rowCount += 1
            guard String(validating: line, as: UTF8.self) != nil else {
                result.findings.append(finding(file, lineNumber, .valueInvalidUTF8, nil, nil, "the line is not valid UTF-8 text"))
                continue
            }
            // Fields split on the bytes and trimmed of ASCII blanks: the text is valid UTF-8, and `|` and blanks are
            // single bytes in it, so every piece is valid too.
            let fields = line.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map { field in
                var piece = field[...]
                while let byte = piece.first, byte == 0x20 || byte == 0x09 { piece = piece.dropFirst() }
                while let byte = piece.last, byte == 0x20 || byte == 0x09 { piece = piece.dropLast() }
                return String(decoding: piece, as: UTF8.self)
            }
            if section == "[FIRs]" {
                if let fir = firLine(fields, file: file, line: lineNumber, findings: &result.findings) { result.firs.append(fir) }
            } else if let airport = airport(fields, file: file, line: lineNumber, findings: &result.findings) {
                result.airports.append(airport)
            }
        }
        guard sawFIRs else {
            throw SourceError(file: file.displayName, kind: .malformed, reason: "has no [FIRs] section; expected VATSpy.dat from the VATSpy Data Project")
        }
        result.findings.sort()
        return result
    }

    private static func firLine(_ fields: [String], file: SourceFile, line: Int, findings: inout [Finding]) -> VATSpyFile.FIRLine? {
        guard fields.count >= firFields else {
            findings.append(finding(file, line, .vatspyFieldCount, nil, nil,
                                    "has \(fields.count) fields; a [FIRs] line has \(firFields) (ICAO|NAME|CALLSIGN PREFIX|FIR BOUNDARY)"))
            return nil
        }
        guard !fields[0].isEmpty else {
            findings.append(finding(file, line, .valueEmpty, "ICAO", nil, "is empty"))
            return nil
        }
        return VATSpyFile.FIRLine(icao: fields[0], name: fields[1].isEmpty ? nil : fields[1],
                                  callsignPrefix: fields[2].isEmpty ? nil : fields[2],
                                  boundary: fields[3].isEmpty ? fields[0] : fields[3], line: line)
    }

    private static func airport(_ fields: [String], file: SourceFile, line: Int, findings: inout [Finding]) -> VATSpyFile.Airport? {
        guard fields.count >= airportFields else {
            findings.append(finding(file, line, .vatspyFieldCount, nil, nil,
                                    "has \(fields.count) fields; an [Airports] line has \(airportFields) (ICAO|NAME|LAT|LON|IATA|FIR|IS PSEUDO)"))
            return nil
        }
        for (index, column) in [(0, "ICAO"), (5, "FIR")] where fields[index].isEmpty {
            findings.append(finding(file, line, .valueEmpty, column, nil, "is empty"))
            return nil
        }
        var position: [Double] = []
        for (index, column, range) in [(2, "LAT", -90.0...90.0), (3, "LON", -180.0...180.0)] {
            guard let value = Double(fields[index]) else {
                findings.append(finding(file, line, .valueNotANumber, column, fields[index], "is not a number"))
                return nil
            }
            guard range.contains(value) else {
                findings.append(finding(file, line, .valueOutOfRange, column, fields[index], "is out of range \(range.lowerBound)…\(range.upperBound)"))
                return nil
            }
            position.append(value)
        }
        return VATSpyFile.Airport(icao: fields[0], latitudeDeg: position[0], longitudeDeg: position[1], fir: fields[5], line: line)
    }

    private static func finding(_ file: SourceFile, _ line: Int, _ code: FindingCode, _ column: String?, _ value: String?, _ reason: String) -> Finding {
        Finding(file: file.displayName, line: line, code: code, column: column, value: value, reason: reason, action: .rowRejected)
    }
}
