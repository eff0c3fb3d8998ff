#!/usr/bin/env bash
# What `make test` checks of the device package (Updater/) beyond its unit tests, as an app developer meets it:
# - an app's package adding the product AIPUpdate (Updater/Examples/BundleSync, the guide's sync service) resolves
#   swift-crypto and swift-asn1 and nothing else, and builds;
# - that sync service installs a channel published here with the tool, then finds it current; with a corrupt
#   channel-state.json it fails with advice naming the file, and so does `aipbundle update` (non-zero exit), the
#   bundle byte-identical; once the file is removed the update runs.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
example=Updater/Examples/BundleSync
fail() { echo "check-updater-package: $*" >&2; exit 1; }

$SWIFT package --package-path "$example" resolve
pins=$(grep -o '"identity" : "[^"]*"' "$example/Package.resolved" | sed 's/.*: "//; s/"$//' | sort | tr '\n' ' ')
[ "$pins" = "swift-asn1 swift-crypto " ] || fail "an app adding AIPUpdate resolves: ${pins}(expected swift-asn1 and swift-crypto only)"
$SWIFT build --package-path "$example"
$SWIFT build --traits Tool --product aipbundle

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
aipbundle=.build/debug/aipbundle
sync="$example/.build/debug/BundleSync"
"$aipbundle" keygen --out "$work/keys" > /dev/null
"$aipbundle" build --sources Fixtures/sources --out "$work/out" --signing-key "$work/keys/signing.key" > /dev/null
"$aipbundle" publish --bundle "$work/out" --channel "$work/channel" --signing-key "$work/keys/signing.key" > /dev/null
bundle="$work/app/bundle"
mkdir -p "$work/app"

"$sync" "$work/channel" "$bundle" "$work/keys/signing.pub" > "$work/first.txt" || fail "the sync service failed: $(cat "$work/first.txt")"
grep -q '^installed ' "$work/first.txt" || fail "the sync service installed nothing: $(cat "$work/first.txt")"
"$sync" "$work/channel" "$bundle" "$work/keys/signing.pub" > "$work/second.txt" || fail "a second sync failed: $(cat "$work/second.txt")"
grep -q ' is current$' "$work/second.txt" || fail "a second sync did not find the bundle current: $(cat "$work/second.txt")"

snapshot() { (cd "$bundle" && find . -type f -o -type l | sort | while read -r f; do if [ -L "$f" ]; then echo "$f -> $(readlink "$f")"; else sha256sum "$f"; fi; done); }
before=$(snapshot)
state="$bundle.update/channel-state.json"
printf '{"sequence": ' > "$state"
if "$sync" "$work/channel" "$bundle" "$work/keys/signing.pub" > /dev/null 2> "$work/advice.txt"; then fail "a corrupt channel state was accepted by the sync service"; fi
grep -qF "$state" "$work/advice.txt" || fail "the sync service's advice does not name $state: $(cat "$work/advice.txt")"
if "$aipbundle" update --channel "$work/channel" --bundle "$bundle" --work "$bundle.update" --public-key "$work/keys/signing.pub" \
    > /dev/null 2> "$work/update.txt"; then fail "aipbundle update accepted a corrupt channel state"; fi
grep -qF "$state" "$work/update.txt" || fail "aipbundle update does not name $state: $(cat "$work/update.txt")"
[ "$(snapshot)" = "$before" ] || fail "a refused update changed the bundle"
rm "$state"
"$aipbundle" update --channel "$work/channel" --bundle "$bundle" --work "$bundle.update" --public-key "$work/keys/signing.pub" > /dev/null \
    || fail "aipbundle update failed once the corrupt state was removed"
echo "check-updater-package: AIPUpdate resolves only ${pins}; the guide's sync service and aipbundle update pass"
