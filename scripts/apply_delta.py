#!/usr/bin/env python3
"""An independent applier of aipbundle update packages, written from docs/delta-format.md alone.

    apply_delta.py --package DIR --public-key FILE --out DIR [--bundle DIR]

Verifies the package (Ed25519 signatures, sizes, SHA-256), checks the installed bundle in --bundle is its base,
builds the new bundle into the new folder --out, checks every file against the target manifest, and prints one
JSON object: each file's logical hash as computed here. When --bundle holds the target already (the same
manifest.json) that is done: nothing is built, and the hashes are those of the installed files. Exits 1 with a
message when anything is refused.
Standard library plus `cryptography` (Ed25519).
"""
import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import sqlite3
import struct
import sys
import zlib

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey


class Refused(Exception):
    pass


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def inflate(data, expected, what):
    inflater = zlib.decompressobj(-15)
    out = inflater.decompress(data, expected + 1)
    if len(out) != expected or not inflater.eof or inflater.unconsumed_tail or inflater.unused_data:
        raise Refused(f"{what}: does not inflate to exactly {expected} bytes")
    return out


def verify(key, data, signature_path, what):
    try:
        signature = base64.b64decode(read(signature_path).strip(), validate=True)
        key.verify(signature, data)
    except (OSError, ValueError, InvalidSignature) as error:
        raise Refused(f"{what}: bad signature ({error.__class__.__name__})")


def public_key(path):
    label, encoded = read(path).decode().split()
    if label != "aipbundle-ed25519-public":
        raise Refused(f"{path} is not an aipbundle public key")
    return Ed25519PublicKey.from_public_bytes(base64.b64decode(encoded))


# The rows payload.

class Reader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def byte(self):
        if self.pos >= len(self.data):
            raise Refused("rows payload truncated")
        self.pos += 1
        return self.data[self.pos - 1]

    def uvar(self):
        value, shift = 0, 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                if value >= 1 << 64:
                    raise Refused("varint over 64 bits")
                return value
            shift += 7
            if shift > 63:
                raise Refused("varint over 64 bits")

    def count(self, each):
        value = self.uvar()
        if value > (len(self.data) - self.pos) // max(each, 1):
            raise Refused("a count larger than the payload")
        return value

    def raw(self):
        length = self.count(1)
        self.pos += length
        return self.data[self.pos - length:self.pos]

    def value(self):
        tag = self.byte()
        if tag == 1:
            z = self.uvar()
            return (z >> 1) ^ -(z & 1)
        if tag == 2:
            if len(self.data) - self.pos < 8:
                raise Refused("rows payload truncated")
            self.pos += 8
            return struct.unpack(">d", self.data[self.pos - 8:self.pos])[0]
        if tag == 3:
            return self.raw().decode("utf-8")
        if tag == 4:
            return bytes(self.raw())
        if tag == 5:
            return None
        raise Refused(f"unknown value tag {tag}")


def parse_rows(data):
    if data[:16] != b"aipbundle-rows-1":
        raise Refused("not a rows payload")
    reader = Reader(data)
    reader.pos = 16
    tables = []
    while reader.pos < len(data):
        name = reader.raw().decode("utf-8")
        columns = reader.uvar()
        keys = [reader.uvar() for _ in range(reader.count(1))]
        if not keys or any(k >= columns for k in keys):
            raise Refused(f"{name}: bad key columns")
        deletes_count, upserts_count = reader.count(len(keys)), reader.count(columns)
        deletes = [[] for _ in range(deletes_count)]
        for _ in keys:
            for row in deletes:
                row.append(reader.value())
        upserts = [[] for _ in range(upserts_count)]
        for _ in range(columns):
            for row in upserts:
                row.append(reader.value())
        tables.append((name, columns, keys, deletes, upserts))
    return tables


def quote(identifier):
    return '"' + identifier.replace('"', '""') + '"'


def apply_rows(path, tables):
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        ordered = [t for t in tables if t[0] != "sqlite_sequence"] + [t for t in tables if t[0] == "sqlite_sequence"]
        for name, count, keys, deletes, upserts in ordered:
            columns = [row[1] for row in db.execute(f"PRAGMA table_info({quote(name)})")]
            if len(columns) != count:
                raise Refused(f"{name}: {len(columns)} columns, the payload has {count}")
            where = " AND ".join(f"{quote(columns[k])} IS ?" for k in keys)
            delete = f"DELETE FROM {quote(name)} WHERE {where}"
            for key in deletes:
                if db.execute(delete, key).rowcount != 1:
                    raise Refused(f"{name}: a row to delete is not there: not the delta's base")
            for row in upserts:
                db.execute(delete, [row[k] for k in keys])
            insert = f"INSERT INTO {quote(name)} ({', '.join(map(quote, columns))}) VALUES ({', '.join('?' * count)})"
            db.executemany(insert, upserts)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    finally:
        db.close()


# The logical hash.

def u64(n):
    return struct.pack(">Q", n & 0xFFFFFFFFFFFFFFFF)


def text(b):
    return u64(len(b)) + b


def logical_hash(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    db.text_factory = bytes
    stream = hashlib.sha256(b"aipbundle-sqlite-content-1")
    names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND rootpage <> 0")]
    names = sorted((n for n in names if n == b"sqlite_sequence" or not n.lower().startswith(b"sqlite_")))
    for name in names:
        table = name.decode("utf-8")
        info = list(db.execute(f"PRAGMA table_info({quote(table)})"))
        stream.update(b"T" + text(name) + u64(len(info)))
        for _, column, declared, _, _, pk in info:
            stream.update(text(column) + text(declared or b"") + u64(pk))
        quoted = [quote(c[1].decode("utf-8")) for c in info]
        keyed = [quoted[i] for i in sorted((i for i, c in enumerate(info) if c[5] > 0), key=lambda i: info[i][5])]
        others = [q for i, q in enumerate(quoted) if info[i][5] == 0]
        order = [f"{q} COLLATE BINARY" for q in keyed + others] + [f"typeof({q})" for q in quoted]
        query = f"SELECT {', '.join(quoted)}, {', '.join(f'typeof({q})' for q in quoted)} FROM {quote(table)} ORDER BY {', '.join(order)}"
        rows, count = hashlib.sha256(), 0
        for row in db.execute(query):
            values, types = row[:len(quoted)], row[len(quoted):]
            out = [b"R"]
            for value, kind in zip(values, types):
                if kind == b"integer":
                    out.append(b"\x01" + u64(value))
                elif kind == b"real":
                    out.append(b"\x02" + (u64(0) if value == 0 else struct.pack(">d", value)))
                elif kind in (b"text", b"blob"):
                    out.append((b"\x03" if kind == b"text" else b"\x04") + text(bytes(value)))
                else:
                    out.append(b"\x05")
            rows.update(b"".join(out))
            count += 1
        stream.update(u64(count) + rows.digest())
    db.close()
    return stream.hexdigest()


def uses_wal(path):
    """Whether the SQLite file at path is in WAL mode (header bytes 18-19 are 2) or has a -wal file beside it."""
    if os.path.exists(path + "-wal"):
        return True
    with open(path, "rb") as handle:
        header = handle.read(20)
    return len(header) == 20 and 2 in (header[18], header[19])


def copy_installed(source, target, kind):
    """The installed file into the new bundle: a database in WAL mode through SQLite (VACUUM INTO reads through the
    WAL), then in rollback-journal mode; anything else as bytes."""
    if kind != "sqlite" or not uses_wal(source):
        shutil.copyfile(source, target)
        return
    db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        db.execute("VACUUM INTO ?", (target,))
    finally:
        db.close()
    db = sqlite3.connect(target, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=DELETE")
    finally:
        db.close()


def file_logical_hash(path, kind):
    return logical_hash(path) if kind == "sqlite" else hashlib.sha256(read(path)).hexdigest()


def is_newer(target, installed):
    a, b = target["airac"]["effective_date"], installed["airac"]["effective_date"]
    if a != b:
        return a > b
    split = lambda v: [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.findall(r"\d+|\D+", v)]
    return split(target["bundle_version"]) > split(installed["bundle_version"])


def apply(package, bundle, key, out):
    delta_bytes = read(os.path.join(package, "delta.json"))
    verify(key, delta_bytes, os.path.join(package, "delta.sig"), "delta.json")
    delta = json.loads(delta_bytes)
    if delta["format"] != 2:
        raise Refused(f"delta.json format {delta['format']}")
    manifest_bytes = inflate(read(os.path.join(package, "manifest.json.deflate")), delta["target_manifest_bytes"], "manifest.json")
    if hashlib.sha256(manifest_bytes).hexdigest() != delta["target_manifest_sha256"]:
        raise Refused("manifest.json is not the one delta.json names")
    verify(key, manifest_bytes, os.path.join(package, "manifest.sig"), "manifest.json")
    manifest = json.loads(manifest_bytes)
    if manifest["bundle_version"] != delta["to_version"] or set(manifest["files"]) != set(delta["files"]):
        raise Refused("delta.json and manifest.json disagree")
    payloads = {}
    for name, entry in delta["files"].items():
        if not name or name in (".", "..") or "/" in name or "\\" in name:
            raise Refused(f"{name}: not a plain file name")
        if entry["kind"] == "unchanged":
            continue
        data = read(os.path.join(package, name + (".rows.deflate" if entry["kind"] == "rows" else ".deflate")))
        if len(data) != entry["bytes"] or hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise Refused(f"{name}: payload damaged")
        payloads[name] = inflate(data, entry["uncompressed_bytes"], name)

    installed = None
    if bundle and os.path.exists(os.path.join(bundle, "manifest.json")):
        installed_bytes = read(os.path.join(bundle, "manifest.json"))
        installed = json.loads(installed_bytes)
        if installed_bytes == manifest_bytes:
            print("apply_delta.py: already installed: nothing to change", file=sys.stderr)
            return {name: file_logical_hash(os.path.join(bundle, name), entry["kind"]) for name, entry in manifest["files"].items()}
        if not is_newer(manifest, installed):
            raise Refused("not newer than the installed bundle")
    if "from_version" in delta:
        if installed is None or installed["bundle_version"] != delta["from_version"]:
            raise Refused(f"the delta applies to {delta['from_version']}")
        for name, entry in delta["files"].items():
            if "base_logical_sha256" in entry:
                if file_logical_hash(os.path.join(bundle, name), manifest["files"][name]["kind"]) != entry["base_logical_sha256"]:
                    raise Refused(f"{name}: the installed file is not the delta's base")

    os.makedirs(out)
    hashes = {}
    for name, entry in sorted(delta["files"].items()):
        target, expected = os.path.join(out, name), manifest["files"][name]
        if entry["kind"] == "full":
            with open(target, "wb") as handle:
                handle.write(payloads[name])
            if hashlib.sha256(payloads[name]).hexdigest() != expected["sha256"]:
                raise Refused(f"{name}: the inflated file is not the target's")
        else:
            copy_installed(os.path.join(bundle, name), target, expected["kind"])
            if entry["kind"] == "rows":
                apply_rows(target, parse_rows(payloads[name]))
        hashes[name] = file_logical_hash(target, expected["kind"])
        if hashes[name] != expected["logical_sha256"]:
            raise Refused(f"{name}: the result's logical hash is not the target's")
    with open(os.path.join(out, "manifest.json"), "wb") as handle:
        handle.write(manifest_bytes)
    shutil.copyfile(os.path.join(package, "manifest.sig"), os.path.join(out, "manifest.sig"))
    return hashes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package", required=True)
    parser.add_argument("--bundle")
    parser.add_argument("--public-key", required=True)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    try:
        hashes = apply(arguments.package, arguments.bundle, public_key(arguments.public_key), arguments.out)
    except (Refused, OSError, KeyError, ValueError, sqlite3.Error) as error:
        print(f"apply_delta.py: refused: {error}", file=sys.stderr)
        return 1
    print(json.dumps(hashes, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
