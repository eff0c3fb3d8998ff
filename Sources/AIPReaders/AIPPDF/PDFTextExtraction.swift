import Foundation

/// What running poppler's `pdftotext -bbox` on one PDF gave: the reader's input for that PDF.
///
/// The process runs at the build's edge (`AIPPDFText`), never in the readers: ``AIPPDFReader/read(_:file:)`` is a
/// function of this value alone, so it can be tested on any outcome without a process.
public enum PDFTextExtraction: Sendable, Equatable {
    /// pdftotext's XHTML: every word with its page and box.
    case xhtml(Data)
    /// pdftotext ran and refused the file (not a PDF, damaged, encrypted); its last error line.
    case rejected(String)
    /// pdftotext did not finish within `seconds` and was killed.
    case timedOut(seconds: Double)
    /// pdftotext wrote more than an AD 2 chapter holds and was killed.
    case outputTooLarge
}
