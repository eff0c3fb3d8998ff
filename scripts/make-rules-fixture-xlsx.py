#!/usr/bin/env python3
"""Writes Fixtures/sources/rules/answers/GB.xlsx, the committed XLSX answer sheet of the fixture source tree.

Standard library only, fixed timestamps: running it again gives the same bytes. The workbook exercises what the
XLSX reader must handle in a real file: shared strings, an inline string, cells written out of column order,
a row left out (it ends the prefix group), a continuation row, and a second sheet that is read too.
"""
import pathlib
import zipfile
from xml.sax.saxutils import escape

OUT = pathlib.Path(__file__).resolve().parent.parent / "Fixtures/sources/rules/answers/GB.xlsx"

# (row number, [(column letter, text, kind)]) per sheet; kind "s" = shared string, "inline" = inline string.
SHEETS = [
    ("Answers", [
        (1, [("A", "Question", "s"), ("B", "Answer", "s"), ("C", "Links", "s")]),
        (2, [("B", "Yes, when the flight crosses the UK FIR boundary.", "s"),
             ("A", "Is a flight plan required when crossing a FIR boundary?", "s")]),
        (3, [("A", "Can I fly VFR at night?", "s"), ("B", "Yes, with a night rating.", "inline")]),
        (4, [("B", "Fixture text: the rules of the air apply.", "s")]),
        (5, [("A", "For Airfield Radio service", "s")]),
        (6, [("A", "What permissions are required on the runway?", "s"),
             ("B", "None: an AGCS operator gives information only.", "s")]),
        (7, [("A", "What permissions are required in the air?", "s"), ("B", "None.", "s")]),
        # Row 8 is left out: an empty row ends the prefix group.
    ]),
    ("More", [
        (1, [("A", "Where is the AIP published?", "s"),
             ("B", "By NATS, online.", "s"),
             ("C", "https://nats-uk.ead-it.com/", "s")]),
    ]),
]


def sheet_xml(rows, strings):
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
           '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>']
    for number, cells in rows:
        out.append(f'<row r="{number}">')
        for column, text, kind in cells:
            if kind == "inline":
                out.append(f'<c r="{column}{number}" t="inlineStr"><is><t>{escape(text)}</t></is></c>')
            else:
                if text not in strings:
                    strings.append(text)
                out.append(f'<c r="{column}{number}" t="s"><v>{strings.index(text)}</v></c>')
        out.append("</row>")
    out.append("</sheetData></worksheet>")
    return "".join(out)


def main():
    strings = []
    sheets = [sheet_xml(rows, strings) for _, rows in SHEETS]
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    parts = {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>',
        "_rels/.rels": f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="{rel}"><sheets>'
        + "".join(f'<sheet name="{name}" sheetId="{i + 1}" r:id="rId{i + 1}"/>' for i, (name, _) in enumerate(SHEETS))
        + "</sheets></workbook>",
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(f'<Relationship Id="rId{i + 1}" Type="{rel}/worksheet" Target="worksheets/sheet{i + 1}.xml"/>' for i in range(len(SHEETS)))
        + f'<Relationship Id="rIdS" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
        "xl/sharedStrings.xml": '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        + "".join(f"<si><t>{escape(s)}</t></si>" for s in strings) + "</sst>",
    }
    for i, xml in enumerate(sheets):
        parts[f"xl/worksheets/sheet{i + 1}.xml"] = xml
    with zipfile.ZipFile(OUT, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, text.encode("utf-8"))


if __name__ == "__main__":
    main()
