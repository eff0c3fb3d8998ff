/// The kind of a finding: a stable, dotted identifier that reports, tools and CI group by.
///
/// Every code a build (`report.json`) or `check` can emit is a case here, and nowhere else: readers, stages and
/// checks name a case (`.csvFieldCount`), never a string. The raw value is the code as written in `report.json`,
/// `check --json` and `docs/findings.md` (`csv.field_count`); it never changes once published, while a finding's
/// reason, the sentence for a person, may. What each code means, how serious it is and what to do about it is in
/// ``severity``, ``meaning`` and ``remedy`` (`FindingCode+Catalogue.swift`).
///
/// The part before the dot is the family: what kind of input (or check) the code is about. `eaip.*` codes come
/// only from eAIP HTML pages, `pdf.*` only from AIP PDF chapters, `aip.*` from either kind of AD 2 document.
///
/// To add a code: add a case here, in its family, and its entry to the switch in `FindingCode+Catalogue.swift` (the
/// build fails until it has one), then regenerate `docs/findings.md`
/// (`swift run --traits Tool aipbundle findings --markdown > docs/findings.md`; a test fails until it is).
public enum FindingCode: String, Sendable, Hashable, CaseIterable, Codable, Comparable, CustomStringConvertible {
    // MARK: Text tables (CSV, TSV)
    case csvMalformedQuoting = "csv.malformed_quoting"
    case csvFieldCount = "csv.field_count"

    // MARK: Field values of any tabular input
    case valueEmpty = "value.empty"
    case valueNotANumber = "value.not_a_number"
    case valueNotAnInteger = "value.not_an_integer"
    case valueOutOfRange = "value.out_of_range"
    case valueNotAFlag = "value.not_a_flag"
    case valuePartialPosition = "value.partial_position"
    case valueInvalidUTF8 = "value.invalid_utf8"
    case valueNulByte = "value.nul_byte"
    case valueNotACountryCode = "value.not_a_country_code"
    case valueTooLong = "value.too_long"

    // MARK: Rows against each other
    case rowDuplicateICAO = "row.duplicate_icao"
    case rowDuplicateKey = "row.duplicate_key"
    case rowUnknownReference = "row.unknown_reference"

    // MARK: Spreadsheets (XLSX)
    case xlsxErrorValue = "xlsx.error_value"
    case xlsxRepeatedCell = "xlsx.repeated_cell"
    case xlsxUndecodedEntity = "xlsx.undecoded_entity"

    // MARK: Rules sheets
    case rulesMissingRawQuestion = "rules.missing_raw_question"
    case rulesOrphanContinuation = "rules.orphan_continuation"
    case rulesDuplicateAnswer = "rules.duplicate_answer"
    case rulesUnknownQuestion = "rules.unknown_question"
    case rulesNoAnswerMatched = "rules.no_answer_matched"

    // MARK: eAIP HTML pages (AD 2)
    case eaipTooLarge = "eaip.too_large"
    case eaipPageOverBudget = "eaip.page_over_budget"
    case eaipInvalidUTF8 = "eaip.invalid_utf8"
    case eaipEffectiveDateInvalid = "eaip.effective_date_invalid"
    case eaipEmptyPage = "eaip.empty_page"
    case eaipNotAD2Page = "eaip.not_ad2_page"
    case eaipNoICAO = "eaip.no_icao"
    case eaipSeveralICAO = "eaip.several_icao"
    case eaipSectionMissing = "eaip.section_missing"
    case eaipItemNumberMissing = "eaip.item_number_missing"
    case eaipItemNumberInvalid = "eaip.item_number_invalid"

    // MARK: AIP PDF chapters (AD 2)
    case pdfTooLarge = "pdf.too_large"
    case pdfNotPDF = "pdf.not_pdf"
    case pdfUnreadable = "pdf.unreadable"
    case pdfTimeout = "pdf.timeout"
    case pdfOutputTooLarge = "pdf.output_too_large"
    case pdfNoTextLayer = "pdf.no_text_layer"
    case pdfNoICAO = "pdf.no_icao"
    case pdfSectionMissing = "pdf.section_missing"
    case pdfUnplacedText = "pdf.unplaced_text"
    case pdfAmbiguousLabel = "pdf.ambiguous_label"
    case pdfNoItems = "pdf.no_items"
    case pdfItemsMissing = "pdf.items_missing"
    case pdfLowCoverage = "pdf.low_coverage"
    case pdfItemSuperseded = "pdf.item_superseded"

    // MARK: Any AD 2 document (eAIP page or PDF chapter), as the airports stage merges them
    case aipDocumentSuperseded = "aip.document_superseded"
    case aipEffectiveDateOutOfRange = "aip.effective_date_out_of_range"
    case aipNoPosition = "aip.no_position"
    case aipItemNotInCatalogue = "aip.item_not_in_catalogue"
    case aipItemUnlabelled = "aip.item_unlabelled"
    case aipCoverageDropped = "aip.coverage_dropped"

    // MARK: Procedures from AD 2.24 chart lists
    case procedureUnrecognizedChart = "procedure.unrecognized_chart"
    case procedureUnknownRunway = "procedure.unknown_runway"

    // MARK: Border crossing lists
    case borderUnknownCountry = "border.unknown_country"
    case borderUnknownAirport = "border.unknown_airport"
    case borderICAOReplaced = "border.icao_replaced"
    case borderInvalidICAO = "border.invalid_icao"
    case borderNoMatch = "border.no_match"
    case borderAmbiguousMatch = "border.ambiguous_match"

    // MARK: Navigation data (OurAirports navaids, VATSpy FIR boundaries)
    case navaidUnknownType = "navaid.unknown_type"
    case firMissingID = "fir.missing_id"
    case firMalformedGeometry = "fir.malformed_geometry"
    case firRingNotClosed = "fir.ring_not_closed"
    case firSelfCrossing = "fir.self_crossing"
    case firOverlaySector = "fir.overlay_sector"
    case firUnnamed = "fir.unnamed"
    case vatspyFieldCount = "vatspy.field_count"
    case navdataNoFIRBoundaries = "navdata.no_fir_boundaries"

    // MARK: Customs texts for GA notifications
    case notificationsBadICAO = "notifications.bad_icao"
    case notificationsExtraText = "notifications.extra_text"
    case notificationsEmptyText = "notifications.empty_text"
    case notificationsNoCustomsTexts = "notifications.no_customs_texts"

    // MARK: An output far smaller than its own inputs promise (stops the build unless `--allow-shrink`)
    case tableBelowFloor = "table.below_floor"

    // MARK: The build's own bundle files
    case bundleCarriedFileChanged = "bundle.carried_file_changed"

    // MARK: `aipbundle check`
    case checkUnreadableFile = "check.unreadable_file"
    case checkJournalMode = "check.journal_mode"
    case checkSchema = "check.schema"
    case checkIntegrity = "check.integrity"
    case checkForeignKey = "check.foreign_key"
    case checkExtraObject = "check.extra_object"
    case checkStorageClass = "check.storage_class"
    case checkNonFinite = "check.non_finite"
    case checkTextEncoding = "check.text_encoding"
    case checkOutOfRange = "check.out_of_range"
    case checkInvariant = "check.invariant"
    case checkRuleFailed = "check.rule_failed"
    case checkJSONContract = "check.json_contract"
    case checkManifestUnusable = "check.manifest_unusable"
    case checkManifestMismatch = "check.manifest_mismatch"
    case checkNotInManifest = "check.not_in_manifest"
    case checkSignature = "check.signature"

    public var description: String { rawValue }

    /// By the code as written, the order reports list codes in.
    public static func < (lhs: FindingCode, rhs: FindingCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
