#!/usr/bin/env bash
# Installs the system packages aipbundle builds against, if they are missing (and poppler-utils, whose
# pdftotext the build runs to read AIP PDF chapters, and chromium, in which a test loads the `changes` page headless),
# and Python's jsonschema and cryptography, which the tests use.
# Idempotent: a machine that has them all is left alone and no package index is fetched.
set -euo pipefail

needed=(libcsv-dev libsqlite3-dev libxml2-dev zlib1g-dev pkg-config python3 python3-pip poppler-utils chromium)
missing=()
for pkg in "${needed[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
# python3/pip may come from elsewhere than Debian (pyenv); what matters is that the commands exist.
if command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1; then
    filtered=()
    for pkg in "${missing[@]}"; do
        case "$pkg" in python3|python3-pip) ;; *) filtered+=("$pkg") ;; esac
    done
    missing=("${filtered[@]+"${filtered[@]}"}")
fi
# The tests validate every JSON document we emit against docs/schemas/ with an independent validator, and apply
# update packages with scripts/apply_delta.py, which verifies Ed25519 signatures with `cryptography`.
if ! python3 -c 'import jsonschema' 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check 'jsonschema>=4.18' >/dev/null
fi
if ! python3 -c 'import cryptography' 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check 'cryptography>=42' >/dev/null
fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    sudo=sudo
else
    sudo=
fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
