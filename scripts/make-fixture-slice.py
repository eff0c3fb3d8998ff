#!/usr/bin/env python3
"""Cut the committed OurAirports fixture slice out of the full 2026 snapshot.

Input : data/ourairports-2026/airports.csv, runways.csv   (run scripts/fetch-data.sh first)
Output: Fixtures/sources/ourairports/airports.csv, runways.csv

The output files contain the original header line and the original record lines,
copied byte for byte (never re-serialised, so quoting stays exactly as published),
in their original order. Selection rule:

  airports: every row (any type, including heliports and closed ones) whose
            iso_country is in COUNTRIES, plus every row whose ident is in
            EXTRA_IDENTS (a few large European airports, some non-European
            airports that the ICAO-prefix scope must reject, and rows that
            exercise parser and code-derivation edge cases; see SOURCE.md).
  runways : every row whose airport_ref is the id of a selected airport.

Standard library only. Usage (from any directory):
    python3 scripts/make-fixture-slice.py [--src DIR] [--out DIR]
"""
import argparse
import csv
import os
import sys

COUNTRIES = ("LU", "BE", "IS", "MT", "CY")

EXTRA_IDENTS = (
    # large European airports
    "EDDF", "EGLL", "LFPG", "LSGS", "EHRD",
    # non-European airports with a 4-letter ICAO code outside the European prefixes
    "KJFK", "KLAX", "KORD", "KSFO", "KBOS", "CYYZ", "FAOR", "HECA", "OMDB",
    "RJTT", "VHHH", "YSSY", "ZBAA", "SBGR", "MMMX", "NZAA", "PHNL",
    # no ICAO code at all (gps_code "K00A" / "00AA" / "00AK" are not ^[A-Z]{4}$)
    "00A", "00AA", "00AK",
    # parser edge cases
    "26AR",     # name with embedded doubled quotes: "Fly ""N"" K Airport"
    "RU-0088",  # keywords field containing a TAB character
    "US-3701",  # closed; municipality written unquoted (4281)
    "UTNN",     # icao_code UZNN differs from gps_code UTNN (icao_code wins)
    # same ICAO code claimed twice: small_airport LRPH (code only in ident)
    # and heliport RO-0135 (icao_code/gps_code LRPH)
    "LRPH", "RO-0135",
)


def records(path):
    """Yield (raw_text, fields) for each CSV record, header included.

    raw_text is the exact text of the record including its line terminator;
    a record spanning several physical lines (newline inside quotes) is kept
    whole: physical lines are joined until the double quotes balance.
    """
    with open(path, "r", encoding="utf-8", newline="") as f:
        buf = ""
        for line in f:
            buf += line
            if buf.count('"') % 2:
                continue  # inside a quoted field: record continues on next line
            fields = next(csv.reader([buf]))
            yield buf, fields
            buf = ""
        if buf:
            raise SystemExit(f"{path}: unterminated quoted field at end of file")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default=os.path.join(root, "data", "ourairports-2026"))
    ap.add_argument("--out", default=os.path.join(root, "Fixtures", "sources", "ourairports"))
    args = ap.parse_args()

    src_airports = os.path.join(args.src, "airports.csv")
    src_runways = os.path.join(args.src, "runways.csv")
    for p in (src_airports, src_runways):
        if not os.path.isfile(p):
            sys.exit(f"make-fixture-slice: {p} not found; run scripts/fetch-data.sh first")

    # airports
    out_airports = []
    selected_ids = set()
    found_idents = set()
    it = records(src_airports)
    header_raw, header = next(it)
    col = {name: i for i, name in enumerate(header)}
    for name in ("id", "ident", "iso_country"):
        if name not in col:
            sys.exit(f"make-fixture-slice: airports.csv header lacks {name!r}")
    out_airports.append(header_raw)
    for raw, row in it:
        if len(row) != len(header):
            sys.exit(f"make-fixture-slice: airports.csv record with {len(row)} fields: {raw[:80]!r}")
        ident = row[col["ident"]]
        if row[col["iso_country"]] in COUNTRIES or ident in EXTRA_IDENTS:
            out_airports.append(raw)
            selected_ids.add(row[col["id"]])
            found_idents.add(ident)
    missing = [i for i in EXTRA_IDENTS if i not in found_idents]
    if missing:
        sys.exit(f"make-fixture-slice: idents not found in {src_airports}: {', '.join(missing)}")

    # runways
    out_runways = []
    it = records(src_runways)
    header_raw, header = next(it)
    col = {name: i for i, name in enumerate(header)}
    if "airport_ref" not in col:
        sys.exit("make-fixture-slice: runways.csv header lacks 'airport_ref'")
    out_runways.append(header_raw)
    for raw, row in it:
        if len(row) != len(header):
            sys.exit(f"make-fixture-slice: runways.csv record with {len(row)} fields: {raw[:80]!r}")
        if row[col["airport_ref"]] in selected_ids:
            out_runways.append(raw)

    os.makedirs(args.out, exist_ok=True)
    for name, lines in (("airports.csv", out_airports), ("runways.csv", out_runways)):
        path = os.path.join(args.out, name)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.writelines(lines)
        print(f"{os.path.relpath(path, root)}: {len(lines) - 1} rows, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
