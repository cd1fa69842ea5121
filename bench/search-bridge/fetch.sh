#!/usr/bin/env bash
# Fetches the training code of the vocabulary bridge (see README.md) into $1 (default
# /tmp/tldr-bridge-src): Debian packages downloaded and unpacked (never installed, so the system's
# cargo registry and Go/Python trees, which the evaluation reads, stay as they are), npm packages
# packed, the JDK's sources from its src.zip. None of it is evaluation code: no rxjs, no Python
# standard library, no Go standard library, and none of the evaluation's Rust crates or their
# sibling crates (rand*, regex*, crossbeam*, rayon*, lock_api/parking_lot*, log, once_cell,
# serde_json, indexmap, smallvec, either, bumpalo).
set -euo pipefail
OUT=${1:-/tmp/tldr-bridge-src}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT/debs" "$OUT/npm" "$OUT/rust" "$OUT/go" "$OUT/python" "$OUT/java" "$OUT/js"

packages() { sed -n "/^\[$1\]/,/^\[/p" "$HERE/sources.txt" | grep -v '^\[' | sed 's/#.*//' | tr -s ' \n' '\n' | grep -v '^$'; }

# Debian packages: downloaded as .deb, unpacked into a scratch folder.
(cd "$OUT/debs" && for p in $(packages rust) $(packages go) $(packages python); do ls "$p"_*.deb >/dev/null 2>&1 || apt-get download "$p" >/dev/null 2>&1 || echo "not available: $p" >&2; done)
for deb in "$OUT"/debs/*.deb; do
  dir="$OUT/unpacked/$(basename "$deb" .deb)"
  [ -d "$dir" ] || { mkdir -p "$dir" && dpkg-deb -x "$deb" "$dir"; }
done
# Rust crates: each package's crate folder.
for dir in "$OUT"/unpacked/librust-*; do
  for crate in "$dir"/usr/share/cargo/registry/*/; do [ -d "$crate/src" ] && cp -r "$crate/src" "$OUT/rust/$(basename "$crate")" 2>/dev/null || true; done
done
# Go packages: their sources under /usr/share/gocode, vendored code left out.
for dir in "$OUT"/unpacked/golang-*; do
  # (a package without gocode sources is skipped)
  [ -d "$dir/usr/share/gocode/src" ] && (cd "$dir/usr/share/gocode/src" && find . -name '*.go' -not -path '*/vendor/*' -not -path '*/golang.org/x/*' -exec cp --parents -t "$OUT/go" {} +)
done
# Python packages: their dist-packages trees, vendored code left out.
for dir in "$OUT"/unpacked/python3-*; do
  [ -d "$dir/usr/lib/python3/dist-packages" ] && (cd "$dir/usr/lib/python3/dist-packages" && find . -name '*.py' -not -path '*/_vendor/*' -not -path '*/vendor/*' -exec cp --parents -t "$OUT/python" {} +)
done
# JavaScript packages from the npm registry.
(cd "$OUT/npm" && for p in $(packages npm); do ls "$p"-*.tgz >/dev/null 2>&1 || npm pack --silent "$p" >/dev/null; done)
for tgz in "$OUT"/npm/*.tgz; do
  dir="$OUT/js/$(basename "$tgz" .tgz)"
  [ -d "$dir" ] || { mkdir -p "$dir" && tar -xzf "$tgz" -C "$dir" --strip-components=1; }
done
# Java: the JDK's own sources (openjdk-17-source or a JDK's lib/src.zip).
ZIP=$(for z in /usr/lib/jvm/*/lib/src.zip /usr/lib/jvm/*/src.zip; do [ -f "$z" ] && echo "$z"; done | head -1 || true)
[ -n "$ZIP" ] && (cd "$OUT/java" && set -f && unzip -qo "$ZIP" $(packages java | sed 's|$|/*|') || true)
du -sh "$OUT"/{rust,go,python,java,js}
