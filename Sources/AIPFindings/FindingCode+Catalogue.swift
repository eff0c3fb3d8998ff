/// What the catalogue says about each code: how serious it is, what it means and what to do about it.
///
/// `aipbundle findings` prints this (and `docs/findings.md` is generated from it), so the sentences are written for
/// the person reading a report: the meaning says what was found and what the build did, the remedy what to change.
extension FindingCode {
    /// How much a finding of this kind asks of a person.
    public var severity: FindingSeverity { entry.severity }

    /// What a finding of this kind says about the input, and what the build did with it.
    public var meaning: String { entry.meaning }

    /// What a person does about it.
    public var remedy: String { entry.remedy }

    private struct Entry {
        var severity: FindingSeverity
        var meaning: String
        var remedy: String

        init(_ severity: FindingSeverity, _ meaning: String, remedy: String) {
            self.severity = severity
            self.meaning = meaning
            self.remedy = remedy
        }
    }

    /// One entry per code; a switch, so a code without its entry does not compile.
    private var entry: Entry {
        switch self {
        case .csvMalformedQuoting:
            Entry(.error, "A record's quoting is broken (a stray quote in an unquoted field, text after a closing quote, a quote that never closes or stays open past 16 lines, a multi-line record with the wrong field count); the record is left out and reading resumes on the next line.",
                  remedy: "Look at the line in the file. Many of these in one file mean a damaged download: fetch it again.")
        case .csvFieldCount:
            Entry(.error, "A single-line record has more or fewer fields than the header (or the file's fixed layout); the record is left out.",
                  remedy: "Look for a missing or extra delimiter on that line; if many lines have it, the file is damaged or of another layout: fetch it again.")

        case .valueEmpty:
            Entry(.error, "A field the row cannot do without is empty; the row is left out.",
                  remedy: "Nothing to do for the build; the row comes back when the upstream data fills the field.")
        case .valueNotANumber:
            Entry(.error, "A numeric field is not a plain decimal number; a required one rejects the row, an optional one is set to NULL.",
                  remedy: "Look at the value in the file (a unit or a comma in the number?); report it upstream if it is wrong there.")
        case .valueNotAnInteger:
            Entry(.error, "An integer field (an id, a reference, a population) is not a whole number; the row is left out.",
                  remedy: "Look at the value in the file; a damaged line often shows as several findings on the same line.")
        case .valueOutOfRange:
            Entry(.error, "A number is outside the range the field allows (a latitude past 90, a heading past 360, a non-positive id); a required one rejects the row, an optional one is set to NULL.",
                  remedy: "Check the value upstream; if the range itself is too narrow for real data, widen it in the reader.")
        case .valueNotAFlag:
            Entry(.warning, "A 0/1 field holds something else; the field is set to NULL.",
                  remedy: "Look at the value in the file; report it upstream if it is wrong there.")
        case .valuePartialPosition:
            Entry(.warning, "One half of a latitude/longitude pair is usable but the other is not; both are set to NULL, since half a position is no position.",
                  remedy: "See the finding about the other half on the same line.")
        case .valueInvalidUTF8:
            Entry(.error, "A text field is not valid UTF-8; a required one rejects the row, an optional one is set to NULL (never published as U+FFFD).",
                  remedy: "The file is in another encoding or damaged: convert it to UTF-8 or fetch it again.")
        case .valueNulByte:
            Entry(.error, "A field holds a NUL byte; a required one rejects the row, an optional one is set to NULL (SQLite would cut the text there).",
                  remedy: "The file is damaged or binary in part: fetch it again.")
        case .valueTooLong:
            Entry(.error, "A text field is longer than its format allows (GeoNames: name 200 characters, alternate names 10,000, alternate name 400); a required one rejects the row, an optional one is set to NULL, never truncated.",
                  remedy: "The file is damaged or crafted: fetch it again.")
        case .valueNotACountryCode:
            Entry(.error, "A country code is not two upper-case letters (ISO 3166-1 alpha-2); the row is left out.",
                  remedy: "Look at the value in the file; a GeoNames dump with such rows is damaged: fetch it again.")

        case .rowDuplicateICAO:
            Entry(.warning, "Several airports claim one ICAO code; one is kept (the one filed under the code itself, then the busier type, then the lower id) and the others left out.",
                  remedy: "Check that the right airport was kept; if not, correct the codes upstream (OurAirports).")
        case .rowDuplicateKey:
            Entry(.error, "A second row has the key of an earlier one (a source id, an AIP label of one section, a border crossing of one country); only the first is used.",
                  remedy: "Remove the repeated row from the input, or report it upstream.")
        case .rowUnknownReference:
            Entry(.error, "A row points at a record that does not exist (a runway whose airport_ref matches no airport); the row is left out.",
                  remedy: "Check that the input files are from the same download; mixing snapshots leaves such rows.")

        case .xlsxErrorValue:
            Entry(.warning, "A spreadsheet cell holds an error value (#N/A, #REF!); it is read as an empty cell.",
                  remedy: "Fix the formula or the value in the workbook.")
        case .xlsxRepeatedCell:
            Entry(.warning, "A cell is given twice in the sheet; the first one is kept.",
                  remedy: "Save the workbook again from a spreadsheet program; the tool that wrote it made a malformed sheet.")
        case .xlsxUndecodedEntity:
            Entry(.warning, "A cell's text holds an entity reference (&name;) declared by a DTD inside the workbook, which spreadsheet programs never write; entities are not expanded (a hostile file could make them huge), so the reference is kept as written.",
                  remedy: "Save the workbook again from a spreadsheet program, or replace the reference with the text it stands for.")

        case .rulesMissingRawQuestion:
            Entry(.error, "A rules definition row has no Raw Question, so it has no question id; the row is left out.",
                  remedy: "Fill in the Raw Question of the row in the definitions sheet.")
        case .rulesOrphanContinuation:
            Entry(.error, "A row of an answer sheet has no question and follows no answer it could continue; it is left out.",
                  remedy: "Put the text under the answer it belongs to, or give the row its question.")
        case .rulesDuplicateAnswer:
            Entry(.error, "A country answers one question twice; the first answer is kept.",
                  remedy: "Merge the two answers in the country's answer sheet.")
        case .rulesUnknownQuestion:
            Entry(.error, "An answer is to a question the definitions do not have; it is left out and listed in inconsistent_qids.",
                  remedy: "Add the question to the definitions, or correct the question id in the answer sheet.")
        case .rulesNoAnswerMatched:
            Entry(.error, "A country's answer sheet holds answers but none of them matches a question of the definitions, so rules.json would lose that country entirely; the build stops unless --allow-shrink is given.",
                  remedy: "Check that the sheet belongs to these definitions (question ids, prefix groups), fix the ids, or pass --allow-shrink if the country is meant to have no answer.")

        case .eaipTooLarge:
            Entry(.error, "An eAIP page is larger than any AD 2 page could be; it is not read.",
                  remedy: "Check that the file is an AD 2 page; remove it from eaip/ if it is not.")
        case .eaipPageOverBudget:
            Entry(.error, "An eAIP page has start tags with so many attributes that parsing it would cost far more than a real page of its size (libxml2 compares each attribute of a tag with all before it); it is not read.",
                  remedy: "The page is crafted or broken: fetch it again from the national AIP, and report the server if it stays so.")
        case .eaipInvalidUTF8:
            Entry(.warning, "An eAIP page holds bytes that are not UTF-8; it is read with U+FFFD in their place, so the text near them may be wrong.",
                  remedy: "Fetch the page again; if the server sends another encoding, convert the page to UTF-8.")
        case .eaipEffectiveDateInvalid:
            Entry(.warning, "An eAIP page's effective date (EM.effectiveDateStart) is not a calendar date YYYY-MM-DD; the page is read as undated, so any dated page of the aerodrome wins over it.",
                  remedy: "Look at the page's meta tags; fetch it again if it is damaged.")
        case .eaipEmptyPage:
            Entry(.error, "An eAIP page holds no HTML at all; it is not used.",
                  remedy: "Fetch the page again; an empty file is a failed download.")
        case .eaipNotAD2Page:
            Entry(.error, "An HTML file under eaip/ has no aerodrome section (a div with id XXXX-AD-2.N): it is some other page; it is not used.",
                  remedy: "Remove the file from eaip/, or replace it with the aerodrome's AD 2 page.")
        case .eaipNoICAO:
            Entry(.error, "An eAIP page has AD 2 section headings but no ICAO code in its section ids; it cannot be attributed and is not used.",
                  remedy: "Check the page in a browser; a page of an unknown layout needs the reader extended (sources.md).")
        case .eaipSeveralICAO:
            Entry(.error, "An eAIP page has sections of several aerodromes and none of them owns AD 2.2; which aerodrome it describes is unclear, and it is not used.",
                  remedy: "Replace it with the single-aerodrome AD 2 page.")
        case .eaipSectionMissing:
            Entry(.error, "An eAIP page lacks one of AD 2.2–2.5 or AD 2.24 (a truncated or damaged page); that section's rows are missing, the rest is used.",
                  remedy: "Fetch the page again; if the section is really absent upstream, nothing to do.")
        case .eaipItemNumberMissing:
            Entry(.warning, "A row of an eAIP page has no item number; it is kept as an AIP entry without a standard field.",
                  remedy: "Check the row in the page; a layout the reader does not know may need the reader extended.")
        case .eaipItemNumberInvalid:
            Entry(.warning, "A row of an eAIP page has an item number that is not a number; it is kept as an AIP entry without a standard field.",
                  remedy: "Check the row in the page; a layout the reader does not know may need the reader extended.")

        case .pdfTooLarge:
            Entry(.error, "A PDF is larger than any AD 2 chapter could be; it is not read.",
                  remedy: "Check that the file is an AD 2 chapter; remove it from aip-pdf/ if it is not.")
        case .pdfNotPDF:
            Entry(.error, "A file under aip-pdf/ has no PDF header; it is not read.",
                  remedy: "Fetch the chapter again (a saved error page is a common cause), or remove the file.")
        case .pdfUnreadable:
            Entry(.error, "poppler cannot read the PDF (damaged, truncated or encrypted); it is not used.",
                  remedy: "Fetch the chapter again; an encrypted one needs an unprotected copy.")
        case .pdfTimeout:
            Entry(.error, "pdftotext took longer than the limit on the PDF; it is not used.",
                  remedy: "Check the file: an AD 2 chapter reads in seconds. A hostile or broken PDF is the usual cause.")
        case .pdfOutputTooLarge:
            Entry(.error, "The PDF's text is larger than any AD 2 chapter's; it is not used.",
                  remedy: "Check that the file is a single AD 2 chapter, not a whole AIP.")
        case .pdfNoTextLayer:
            Entry(.error, "The PDF has no text layer (a scanned, image-only document); it is not used, since the build does no OCR.",
                  remedy: "Find a text PDF of the chapter (most states publish one), or leave the aerodrome to other sources.")
        case .pdfNoICAO:
            Entry(.error, "The PDF names no aerodrome (ICAO code) in its AD 2 headings or page headers: not an AD 2 chapter; it is not used.",
                  remedy: "Remove the file from aip-pdf/, or replace it with the aerodrome's AD 2 chapter.")
        case .pdfSectionMissing:
            Entry(.error, "One of AD 2.2–2.5 has no heading in the PDF, or neither numbered items nor label and value columns the reader can place; that section's items are missing.",
                  remedy: "Check the section in the PDF; a layout the reader does not know needs PDFLayout extended.")
        case .pdfUnplacedText:
            Entry(.warning, "Text in AD 2.2–2.5 belongs to no item (or a row without an item number has a label that names no catalogue item); it is not used, never guessed into an item.",
                  remedy: "Check the page: text that should be an item means the layout needs PDFLayout or AIPTitleWords extended.")
        case .pdfAmbiguousLabel:
            Entry(.warning, "A row without an item number has a label that names several catalogue items, and the template's item order decides none; it is not used.",
                  remedy: "Check the row in the PDF; AIPTitleWords may need a more specific label.")
        case .pdfNoItems:
            Entry(.warning, "The chapter names its aerodrome but no AD 2.2–2.5 item was read; the reason lists the headings recognised and the layouts tried.",
                  remedy: "Check the PDF's layout and report it to the PDF reader's owners with the file.")
        case .pdfItemsMissing:
            Entry(.warning, "A section yields fewer items than the ICAO AD 2 template says it prints; the value lists the missing items.",
                  remedy: "Compare with the PDF: the state may not print them, or the reader did not read them (report it).")
        case .pdfLowCoverage:
            Entry(.warning, "A chapter yields fewer than 80 % of the AD 2.2–2.5 items the ICAO AD 2 template prints; the value lists every missing item. The build's summary names the three chapters read least fully.",
                  remedy: "Open the PDF: a layout the reader does not know needs PDFLayout extended (report it with the file); a state printing few items needs nothing.")
        case .pdfItemSuperseded:
            Entry(.info, "An item the eAIP page of the same aerodrome also gives: the machine-made page wins, and the PDF chapter's reading is not written.",
                  remedy: "Nothing, unless the eAIP page itself is wrong.")

        case .aipDocumentSuperseded:
            Entry(.info, "Another AD 2 document (eAIP page or PDF chapter) of the same aerodrome and source has a later effective date, or the same date and an earlier path; this one is not used.",
                  remedy: "Nothing, unless the wrong document won: remove the outdated file from the source tree.")
        case .aipEffectiveDateOutOfRange:
            Entry(.warning, "An AD 2 document's effective date is implausibly far from the build's AIRAC cycle (over a year after it, or over ten years before it); the date is ignored, so it cannot make the document win over another.",
                  remedy: "Look at the document's effective date; fetch it again if it is damaged, or check the build's --airac cycle.")
        case .aipNoPosition:
            Entry(.error, "An AD 2 document describes an aerodrome OurAirports does not have in scope, and its ARP position (AD 2.2 item 1) cannot be read; it is not used.",
                  remedy: "Check the ARP text in the document; a coordinate format the build does not read needs ARPPosition extended.")
        case .aipItemNotInCatalogue:
            Entry(.warning, "An AD 2.2–2.5 item number is not in the standard field catalogue; the item is kept without a standard field.",
                  remedy: "Check the item: a state's own item may need a catalogue entry (AIPFieldCatalogue).")
        case .aipItemUnlabelled:
            Entry(.error, "An AD 2.2–2.5 row has neither a label nor a catalogued item number, so it cannot be keyed; it is not used.",
                  remedy: "Check the row in the document; the reader may have split a row it should have joined.")
        case .aipCoverageDropped:
            Entry(.warning, "A state has more than a tenth fewer aerodromes with AIP entries than in the previous bundle: a source gone quiet, a failed fetch or a new layout the readers do not know.",
                  remedy: "Look at the state's source in the fetch summary and at the findings of its documents; fetch again, or fix the reader, before publishing.")

        case .procedureUnrecognizedChart:
            Entry(.error, "An AD 2.24 chart title is one the procedure classifier does not understand; no procedure is made from it.",
                  remedy: "If the chart is a procedure, teach ProcedureClassifier its title; otherwise add its words to the classifier's non-procedure chart words.")
        case .procedureUnknownRunway:
            Entry(.warning, "A procedure names a runway the aerodrome does not have in the bundle; the procedure is kept with its runway set to NULL.",
                  remedy: "Check the runway idents in OurAirports against the chart (renumbered runways are the usual cause).")

        case .borderUnknownCountry:
            Entry(.error, "A border crossing row names a country the build does not know; the row is not used.",
                  remedy: "Add the name to CountryNames, or correct it in the list.")
        case .borderUnknownAirport:
            Entry(.error, "A border crossing row's ICAO code is no airport of the bundle (out of scope, renamed or unknown), and no single airport of the country has the row's name; the row is not used.",
                  remedy: "Nothing if the airport is out of scope; otherwise correct the code in the list.")
        case .borderICAOReplaced:
            Entry(.warning, "A border crossing row's ICAO code is no airport of the bundle, but the one airport of the country with the row's name is used instead.",
                  remedy: "Check the match; correct the code in the list if it is outdated.")
        case .borderInvalidICAO:
            Entry(.warning, "A border crossing row's ICAO field is not a four-letter code; the airport is matched by name instead.",
                  remedy: "Correct the code in the list.")
        case .borderNoMatch:
            Entry(.error, "A border crossing row without a usable ICAO code matches no airport of its country by name; it is not used.",
                  remedy: "Add the ICAO code to the row in the list.")
        case .borderAmbiguousMatch:
            Entry(.error, "A border crossing row without a usable ICAO code matches several airports of its country by name; it is not used.",
                  remedy: "Add the ICAO code to the row in the list.")

        case .navaidUnknownType:
            Entry(.error, "A navaid's type is none of VOR, VOR-DME, VORTAC, DME, NDB, NDB-DME, TACAN; it is not written as a waypoint.",
                  remedy: "If the type should be a waypoint, add it to the navaid types the navdata reader and stage know.")
        case .firMissingID:
            Entry(.error, "A FIR boundary feature has no properties.id text; it is not written.",
                  remedy: "Fix the boundary file, or report it to the VATSpy Data Project.")
        case .firMalformedGeometry:
            Entry(.error, "A FIR boundary is not a Polygon or MultiPolygon of positions in range, or a ring has fewer than 3 distinct positions; it is not written.",
                  remedy: "Fix the boundary file, or report it to the VATSpy Data Project.")
        case .firRingNotClosed:
            Entry(.warning, "A ring of a FIR boundary did not end at its first position; it was closed by repeating that position.",
                  remedy: "Nothing to do for the bundle; report it upstream so the file is fixed.")
        case .firSelfCrossing:
            Entry(.warning, "A ring of a FIR boundary crosses or touches itself; it is kept as printed, and point-in-polygon near the crossing may be wrong.",
                  remedy: "Report the boundary to the VATSpy Data Project.")
        case .firOverlaySector:
            Entry(.error, "A boundary without a hyphen in its id is a controller sector drawn over real FIRs (VATSpy.dat gives it no airport, and it holds airports given to other FIRs); it is not written to firs.",
                  remedy: "If a real FIR was taken for a sector, VATSpy.dat must give it its airports.")
        case .firUnnamed:
            Entry(.warning, "No [FIRs] line of VATSpy.dat names this boundary; its name is NULL.",
                  remedy: "Add the FIR's line to VATSpy.dat upstream.")
        case .vatspyFieldCount:
            Entry(.error, "A line of VATSpy.dat has fewer '|' fields than its section needs; it is not used.",
                  remedy: "Fix the line in VATSpy.dat.")
        case .navdataNoFIRBoundaries:
            Entry(.warning, "navaids.csv is in the source tree but firs/ is not: a navaid is in scope only inside a written FIR, so no waypoint is written.",
                  remedy: "Add firs/Boundaries.geojson and firs/VATSpy.dat to the source tree.")

        case .notificationsBadICAO:
            Entry(.error, "A customs text (aip_entries, standard field 302) has an airport_icao that is not a four-letter ICAO code; it is not used.",
                  remedy: "Check the airports stage's output; this points at a bug or a hand-edited airports.db.")
        case .notificationsExtraText:
            Entry(.info, "An airport has several customs texts; the one with the highest source_priority (then the lowest id) is read, the others are not.",
                  remedy: "Nothing, unless the wrong text was read: then adjust the sources' priorities.")
        case .notificationsEmptyText:
            Entry(.warning, "An airport's customs text has no letter or digit (a dash, blank); no notification row is written for it.",
                  remedy: "Check the AD 2.3 customs item in the airport's AIP document.")
        case .notificationsNoCustomsTexts:
            Entry(.warning, "airports.db has no customs text at all (no aip_entries row with standard field 302); ga_notification_requirements is empty.",
                  remedy: "Add eAIP pages or PDF chapters to the source tree, or check why the airports stage read none.")

        case .tableBelowFloor:
            Entry(.error, "A table is far smaller than its own inputs say it should be (large and medium airports without a runway, runways naming no airport): an input file was most likely cut short. The build stops unless --allow-shrink is given.",
                  remedy: "Download the named file again and compare its size with the last good one; pass --allow-shrink only if the data really changed.")

        case .bundleCarriedFileChanged:
            Entry(.warning, "A bundle file carried over from the previous build (not rebuilt in this run) no longer matches the manifest it came with; it is read as it is.",
                  remedy: "Nothing if it was edited on purpose (trying texts); otherwise rebuild the stage that writes it.")

        case .checkUnreadableFile:
            Entry(.error, "A bundle file in the folder cannot be checked: not a regular file, not SQLite, or not readable.",
                  remedy: "Rebuild the bundle; a copy that lost or damaged the file is the usual cause.")
        case .checkJournalMode:
            Entry(.error, "An SQLite bundle file is in WAL mode; the app opens bundle files read-only and cannot read a WAL file.",
                  remedy: "Rebuild the bundle, or run PRAGMA journal_mode = DELETE on a copy; never open bundle files with a tool that switches to WAL.")
        case .checkSchema:
            Entry(.error, "An SQLite bundle file's schema differs from the data contract (a table, a column, a type, NOT NULL, a default, a key, an index).",
                  remedy: "Rebuild with this aipbundle; if a fresh build has it, the writer and the contract disagree: a bug to fix.")
        case .checkIntegrity:
            Entry(.error, "PRAGMA integrity_check lists a problem: the SQLite file is damaged.",
                  remedy: "Rebuild or copy the bundle again; never publish a damaged file.")
        case .checkForeignKey:
            Entry(.error, "PRAGMA foreign_key_check lists a row whose foreign key names a missing row.",
                  remedy: "Rebuild the bundle; if a fresh build has it, the writer is at fault: a bug to fix.")
        case .checkExtraObject:
            Entry(.error, "An SQLite bundle file holds a trigger, a view or a table the contract does not have.",
                  remedy: "Rebuild the bundle; bundle files are never edited by hand.")
        case .checkStorageClass:
            Entry(.error, "Values are stored with another class than the column's declared type (101 as INTEGER in a REAL column, '1' as TEXT in a flag).",
                  remedy: "Rebuild the bundle; if a fresh build has it, the writer binds the wrong type: a bug to fix.")
        case .checkNonFinite:
            Entry(.error, "A REAL column holds ±Inf, which Swift, Python and JSON readers choke on.",
                  remedy: "Rebuild the bundle; if a fresh build has it, a reader let a non-finite number through: a bug to fix.")
        case .checkTextEncoding:
            Entry(.error, "A TEXT value holds a NUL character or bytes that are not UTF-8: C and SQLite readers cut it at the NUL, Swift readers replace the bytes or fail.",
                  remedy: "Rebuild the bundle; if a fresh build has it, a reader let the bytes through: a bug to fix.")
        case .checkOutOfRange:
            Entry(.error, "A number lies outside the physical range the data contract declares for its column (an elevation, a length, a heading, a coordinate).",
                  remedy: "Rebuild the bundle; if a fresh build has it, a reader let the value through: a bug to fix.")
        case .checkInvariant:
            Entry(.error, "Rows break a value rule of the file that its schema cannot express (an ICAO code, a range, a sorted list, a JSON field); the message names the rule and sample rows.",
                  remedy: "Rebuild the bundle; if a fresh build has it, a stage let the value through: a bug to fix.")
        case .checkRuleFailed:
            Entry(.error, "A check rule could not run (SQLite rejected its query, a page is corrupt), so the file is not known to be good.",
                  remedy: "Read SQLite's message in the finding; a damaged file needs a rebuild, a rule SQLite rejects is a bug in check.")
        case .checkJSONContract:
            Entry(.error, "A JSON bundle file (rules.json) breaks the contract: it does not parse, has missing, unknown or misplaced keys, wrong types or values, is not sorted, or is not byte for byte the writer's form.",
                  remedy: "Rebuild the bundle; the finding gives the path in the file (or the first line and column that differ).")
        case .checkManifestUnusable:
            Entry(.error, "The folder's manifest.json is missing, cannot be read, or names a file or a version that is not a safe path name (letters, digits, '.', '_', '+', '-'), so the files cannot be verified.",
                  remedy: "Rebuild the bundle; every build writes manifest.json last.")
        case .checkManifestMismatch:
            Entry(.error, "A file listed in manifest.json is missing, or its content differs from what the manifest records (with one finding per table whose row count differs).",
                  remedy: "Rebuild or copy the bundle again; a file edited after the build is no longer the published one.")
        case .checkNotInManifest:
            Entry(.error, "A bundle file in the folder is not listed in manifest.json: it does not belong to this bundle.",
                  remedy: "Remove the file, or rebuild the bundle so that the manifest lists it.")
        case .checkSignature:
            Entry(.error, "manifest.sig is missing although manifest.json names a signing key, is not a base64 Ed25519 signature, is there although the manifest names no key, or (with --public-key) is not that key's signature of manifest.json: a device would refuse the bundle.",
                  remedy: "Build the bundle again with --signing-key (the key whose public half devices trust); never edit manifest.json or manifest.sig by hand.")
        }
    }
}
