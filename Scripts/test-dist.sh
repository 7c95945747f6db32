#!/usr/bin/env bash
# `make dist-check`: builds the release artifacts (make dist, Linux) and checks them as a user gets them.
#  - the tarball: its files; unpacked, its binary runs, links no Swift runtime, generates and validates;
#  - the .deb: dpkg-deb --info/--contents; Depends names the Debian package of every library the binary loads
#    (ldd + dpkg -S) and nothing it does not link; unpacked with dpkg -x it runs;
#  - with DIST_CHROOT=DIR (as root; a clean Debian 12, e.g. `debootstrap --variant=minbase bookworm DIR`):
#    `apt-get install ./iconforge_*.deb` there (Depends fetched by apt, no Swift toolchain in it), then
#    `iconforge --version` and a generate/validate run there, then the package is purged;
#  - the CI files: shellcheck of action.yml's run steps, `ruby -c` of Formula/iconforge.rb, `docker build` of
#    the Dockerfile: each when the tool (or a Docker daemon) is there, otherwise said and skipped.
# Usage: Scripts/test-dist.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$(uname -s)" = Linux ] || { echo "test-dist: the .deb and the static binary are Linux's; on macOS run make dist and lipo -info"; exit 0; }
[ "${1:-}" = --no-build ] || make --no-print-directory dist

version="$(sed -n 's/.*static let release = "\(.*\)"/\1/p' Sources/IconForgeKit/IconForgeVersion.swift)"
tarball="dist/iconforge-$version-linux-$(uname -m).tar.gz"
deb="dist/iconforge_${version}_$(dpkg --print-architecture).deb"
work="$(mktemp -d "${TMPDIR:-/tmp}/iconforge-dist.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
check() { # check DESCRIPTION COMMAND...: runs it, prints ok or FAIL
    local what="$1"
    shift
    if "$@" >"$work/out" 2>&1; then echo "ok    $what"
    else echo "FAIL  $what"; sed 's/^/      /' "$work/out" | tail -n 20; failures=$((failures + 1)); fi
}
has() { grep -qx -- "$2" "$1"; }

# The tarball.
echo "== $tarball ($(du -h "$tarball" | cut -f1))"
tar -tzf "$tarball" | sort > "$work/tar.list"
for file in bin/iconforge share/bash-completion/completions/iconforge share/zsh/site-functions/_iconforge \
    share/fish/vendor_completions.d/iconforge.fish share/man/man1/iconforge.1 README.md; do
    check "tarball holds $file" has "$work/tar.list" "iconforge-$version/$file"
done
mkdir "$work/tar" && tar -xzf "$tarball" -C "$work/tar" --strip-components=1
bin="$work/tar/bin/iconforge"
prints_version() { "$@" --version | tee /dev/stderr | grep -q "^iconforge $version (libpng "; }
check "unpacked binary prints its version" prints_version "$bin"
echo "      $(cat "$work/out")"
no_swift_runtime() { ldd "$1" > "$work/ldd" && ! grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime' "$work/ldd"; }
check "binary loads no Swift runtime library (static stdlib)" no_swift_runtime "$bin"
check "man page is a man page (mdoc)" grep -Eq '^\.(Dt|TH) "?ICONFORGE' "$work/tar/share/man/man1/iconforge.1"
check "bash completion names the command" grep -q iconforge "$work/tar/share/bash-completion/completions/iconforge"
check "generate from the sample master" "$bin" generate TestImages/app-icon-master.png --preset ios -o "$work/icons" --quiet
check "generate wrote the icon set" test -f "$work/icons/AppIcon.appiconset/Contents.json"
check "validate --format github of what it wrote" "$bin" validate --format github "$work/icons"

# The .deb.
echo "== $deb ($(du -h "$deb" | cut -f1))"
dpkg-deb --info "$deb" > "$work/info"
dpkg-deb --contents "$deb" | awk '{print $6}' | sort > "$work/deb.list"
sed -n 's/^ Depends: //p' "$work/info" | tr ',' '\n' | sed 's/^ *//; s/ .*//' | sort -u > "$work/depends"
echo "      Depends: $(sed -n 's/^ Depends: //p' "$work/info")"
check "control: Package iconforge" grep -q '^ Package: iconforge$' "$work/info"
check "control: Version $version" grep -q "^ Version: $version\$" "$work/info"
for file in ./usr/bin/iconforge ./usr/share/man/man1/iconforge.1.gz ./usr/share/bash-completion/completions/iconforge \
    ./usr/share/zsh/site-functions/_iconforge ./usr/share/fish/vendor_completions.d/iconforge.fish; do
    check ".deb holds $file" has "$work/deb.list" "$file"
done
# Every library the binary loads comes from a package in Depends (or one those depend on: ldd lists the
# whole closure; dpkg-shlibdeps names the direct ones), and each library IconForge itself links is there.
for package in libpng16-16 libdeflate0 librsvg2-2 libturbojpeg0 libwebp7 libopenjp2-7 zlib1g libc6; do
    check "Depends names $package" has "$work/depends" "$package"
done
mkdir "$work/deb" && dpkg-deb -x "$deb" "$work/deb"
ldd "$work/deb/usr/bin/iconforge" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\//) print $i }' > "$work/libs"
direct="$(objdump -p "$work/deb/usr/bin/iconforge" | awk '/NEEDED/ {print $2}')"
owner() { # the package holding a library file, under any of the names merged /usr gives it
    local candidate
    for candidate in "$1" "$(readlink -f "$1")" "${1#/usr}" "/usr${1#/usr}"; do
        dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1 | grep . && return 0
    done
    return 1
}
for lib in $direct; do
    path="$(grep -F "/$lib" "$work/libs" | head -n 1 || true)"
    package="$(owner "$path" || true)"
    check "$lib (from ${package:-no package}) is in Depends" has "$work/depends" "$package"
done
check "binary from the .deb (dpkg -x) prints its version" prints_version "$work/deb/usr/bin/iconforge"

# A clean Debian 12: apt-get install the .deb, run it, purge it.
if [ -n "${DIST_CHROOT:-}" ]; then
    echo "== apt-get install in $DIST_CHROOT"
    if [ "$(id -u)" -ne 0 ]; then echo "skip  the chroot needs root"
    else
        in_root() { chroot "$DIST_CHROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root DEBIAN_FRONTEND=noninteractive "$@"; }
        # A system has /proc; a bare chroot does not, and the Swift runtime reads a command's arguments there.
        mountpoint -q "$DIST_CHROOT/proc" || { mount -t proc proc "$DIST_CHROOT/proc"; trap 'umount "$DIST_CHROOT/proc"; rm -rf "$work"' EXIT; }
        check "no Swift toolchain in the chroot" sh -c "! chroot '$DIST_CHROOT' sh -c 'command -v swift || ls /usr/lib/swift /opt/swift'"
        cp "$deb" "$DIST_CHROOT/tmp/iconforge.deb"
        cp TestImages/app-icon-master.png "$DIST_CHROOT/tmp/master.png"
        in_root apt-get update -qq >/dev/null
        check "apt-get install ./iconforge.deb" in_root apt-get install -y -qq --no-install-recommends /tmp/iconforge.deb
        check "dpkg -s iconforge: installed" sh -c "chroot '$DIST_CHROOT' dpkg -s iconforge | grep -q '^Status: install ok installed'"
        check "iconforge --version (installed)" prints_version in_root iconforge
        echo "      $(cat "$work/out")"
        check "man page installed" test -f "$DIST_CHROOT/usr/share/man/man1/iconforge.1.gz"
        check "generate (installed)" in_root iconforge generate /tmp/master.png --preset ios,android,web -o /tmp/icons --quiet
        check "generate wrote the iOS, Android and web icons" test -f "$DIST_CHROOT/tmp/icons/AppIcon.appiconset/Contents.json" \
            -a -f "$DIST_CHROOT/tmp/icons/android/mipmap-xxxhdpi/ic_launcher.png" -a -f "$DIST_CHROOT/tmp/icons/web/favicon.ico"
        check "validate --format github (installed)" in_root iconforge validate --format github /tmp/icons
        check "apt-get purge iconforge" in_root apt-get purge -y -qq iconforge
        rm -rf "$DIST_CHROOT/tmp/icons" "$DIST_CHROOT/tmp/iconforge.deb" "$DIST_CHROOT/tmp/master.png"
    fi
fi

# The CI files.
echo "== action.yml, Formula/iconforge.rb, Dockerfile"
if command -v shellcheck >/dev/null && python3 -c 'import yaml' 2>/dev/null; then
    python3 - "$work" <<'PY'
import sys, yaml
action = yaml.safe_load(open("action.yml"))
assert action["runs"]["using"] == "composite"
for n, step in enumerate(action["runs"]["steps"]):
    if "run" in step:
        # ${{ ... }} expressions are replaced by GitHub before the shell sees the script.
        script = step["run"].replace("${{", "EXPR_").replace("}}", "")
        open(f"{sys.argv[1]}/step{n}.sh", "w").write("#!/usr/bin/env bash\n" + script)
PY
    check "shellcheck of action.yml's run steps" shellcheck "$work"/step*.sh
else echo "skip  shellcheck of action.yml (needs shellcheck and python3-yaml)"; fi
if command -v ruby >/dev/null; then check "ruby -c Formula/iconforge.rb" ruby -c Formula/iconforge.rb
else echo "skip  ruby -c Formula/iconforge.rb (no ruby)"; fi
if docker info >/dev/null 2>&1; then
    check "docker build" docker build -t iconforge:dist-check .
    check "docker run iconforge --version" docker run --rm iconforge:dist-check --version
else echo "skip  docker build (no Docker daemon)"; fi

if [ "$failures" -ne 0 ]; then echo "dist-check: $failures failed"; exit 1; fi
echo "dist-check: all passed"
