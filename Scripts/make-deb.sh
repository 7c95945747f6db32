#!/usr/bin/env bash
# The .deb of `make dist`: the tree the tarball holds (bin/, share/) under /usr, the man page gzipped, and
# Depends computed by dpkg-shlibdeps from the libraries the binary links (libpng16-16, libdeflate0,
# libturbojpeg0, libwebp7, libopenjp2-7, libstdc++6, libc6, ...; no Swift runtime: it is linked in), and librsvg2-2, which it opens at run time.
# Usage: Scripts/make-deb.sh TREE WORKDIR VERSION MAINTAINER OUT.deb
set -euo pipefail
tree="$1" work="$2" version="$3" maintainer="$4" out="$5"

arch="$(dpkg --print-architecture)"
rm -rf "$work"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
root="$work/root"
mkdir -p "$root/DEBIAN" "$root/usr/share/doc/iconforge"
cp -R "$tree/bin" "$tree/share" "$root/usr/"
gzip -9n "$root/usr/share/man/man1/iconforge.1"
cp README.md "$root/usr/share/doc/iconforge/README.md"
gzip -9n "$root/usr/share/doc/iconforge/README.md"

# dpkg-shlibdeps reads debian/control in the folder it runs in and finds, with dpkg -S, the package that
# holds each library the binary needs: run it in a scratch source tree.
mkdir -p "$work/src/debian"
printf 'Source: iconforge\n\nPackage: iconforge\nArchitecture: any\n' > "$work/src/debian/control"
binary="$root/usr/bin/iconforge"
depends="$(cd "$work/src" && dpkg-shlibdeps -O -e"$binary" 2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p')" || {
    cat "$work/shlibdeps.log" >&2
    exit 1
}
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# librsvg is opened at run time, the first time an SVG is read (csvg.c says why), so dpkg-shlibdeps cannot see it.
depends="$depends, librsvg2-2 (>= 2.52)"

cat > "$root/DEBIAN/control" <<EOF
Package: iconforge
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: graphics
Priority: optional
Description: app icon generator and validator
 IconForge turns one master (PNG, SVG, JPEG or an Icon Composer .icon) into every
 icon and launch image an app needs (iOS, macOS, watchOS, visionOS, Android, the web),
 writes them into an asset catalog, Android project or web folder, and checks such
 assets the way App Store review and the platforms' tools do.
 .
 The Swift runtime is linked into the binary: no Swift toolchain is needed to run it.
EOF
find "$root" -type d -exec chmod 755 {} +
dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
rm -rf "$work"
