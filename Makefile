# Install IconForge like other Swift command-line tools:
#   make install [PREFIX=/usr/local] [DESTDIR=...]    the binary, bash/zsh/fish completions, the man page
#   make uninstall [PREFIX=/usr/local]
#   make dist          release artifacts in dist/: on Linux a tarball and a .deb, on macOS a tarball with a
#                      universal (arm64 + x86_64) binary (HOMEBREW_ARM64, HOMEBREW_X86_64: where each
#                      architecture's libraries are)
#   make dist-check    make dist, then check the artifacts (Scripts/test-dist.sh)
# The binary is a release build; on Linux the Swift runtime is linked in (--static-swift-stdlib), so it runs
# where no Swift toolchain is installed (the system's libpng, zlib, libdeflate, librsvg, libjpeg-turbo, libwebp and OpenJPEG are
# still used). The completions and the man page are generated from the command's own definitions, so they never
# drift from `iconforge --help`. One release build serves install and dist: the man page comes from
# swift-argument-parser's generate-manual tool, built in the same folder, not from its plugin (which would build
# IconForge a second time, in debug).
PREFIX ?= /usr/local
ROOT = $(DESTDIR)$(PREFIX)

OS := $(shell uname -s)
VERSION := $(shell sed -n 's/.*static let release = "\(.*\)"/\1/p' Sources/IconForgeKit/IconForgeVersion.swift)
# The date printed in the man page: the last commit's, so a rebuild of the same commit gives the same page.
MANDATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
BUILD = .build-install
ifeq ($(OS),Darwin)
SWIFTFLAGS = -c release
PLATFORM = macos-universal
# The universal binary of `make dist`: each architecture built on its own against that architecture's
# libraries (Homebrew's: arm64 in /opt/homebrew, x86_64 in /usr/local, installed with `arch -x86_64 brew`),
# then joined with lipo. One `swift build --arch arm64 --arch x86_64` cannot do it: pkg-config names one
# Homebrew, whose libraries have one architecture.
HOMEBREW_ARM64 ?= /opt/homebrew
HOMEBREW_X86_64 ?= /usr/local
DISTBINARY = $(BUILD)/iconforge-universal
else
# Linked by lld: gold warns about glibc's mktemp inside the static Foundation at every link.
SWIFTFLAGS = -c release --static-swift-stdlib -Xswiftc -use-ld=lld
PLATFORM = linux-$(shell uname -m)
DISTBINARY = $(BINARY)
endif
SWIFTBUILD = swift build $(SWIFTFLAGS) --scratch-path $(BUILD)
BINPATH = $(BUILD)/bin-path
BINARY = $(BUILD)/iconforge
MANPAGE = $(BUILD)/iconforge.1

DIST = dist
STAGE = $(DIST)/stage
TARNAME = iconforge-$(VERSION)
TARBALL = $(DIST)/$(TARNAME)-$(PLATFORM).tar.gz
DEBARCH = $(shell dpkg --print-architecture 2>/dev/null)
DEB = $(DIST)/iconforge_$(VERSION)_$(DEBARCH).deb
MAINTAINER ?= IconForge maintainers <maintainers@users.noreply.github.com>

.PHONY: all build man install uninstall dist dist-check clean

all: build man

# The build's product folder is written down, so the other rules never ask SwiftPM again.
build:
	$(SWIFTBUILD) --product iconforge
	$(SWIFTBUILD) --show-bin-path > $(BINPATH)
	cp "$$(cat $(BINPATH))/iconforge" $(BINARY)

# swift-argument-parser's generate-manual writes the page from the command definitions
# (`iconforge --experimental-dump-help`); only it and ArgumentParserToolInfo are compiled for it.
man: build
	$(SWIFTBUILD) --product generate-manual
	rm -rf $(BUILD)/man && mkdir -p $(BUILD)/man
	"$$(cat $(BINPATH))/generate-manual" $(BINARY) --date $(MANDATE) --output-directory $(BUILD)/man
	cp $(BUILD)/man/iconforge.1 $(MANPAGE)

# $(call install-files,ROOT,BINARY): BINARY as ROOT/bin/iconforge, the completions and man page under ROOT/share.
define install-files
	install -d $(1)/bin $(1)/share/bash-completion/completions $(1)/share/zsh/site-functions \
		$(1)/share/fish/vendor_completions.d $(1)/share/man/man1
	install -m 755 $(2) $(1)/bin/iconforge
	$(BINARY) --generate-completion-script bash > $(1)/share/bash-completion/completions/iconforge
	$(BINARY) --generate-completion-script zsh > $(1)/share/zsh/site-functions/_iconforge
	$(BINARY) --generate-completion-script fish > $(1)/share/fish/vendor_completions.d/iconforge.fish
	install -m 644 $(MANPAGE) $(1)/share/man/man1/iconforge.1
endef

install: all
	$(call install-files,$(ROOT),$(BINARY))

uninstall:
	rm -f $(ROOT)/bin/iconforge $(ROOT)/share/bash-completion/completions/iconforge $(ROOT)/share/zsh/site-functions/_iconforge \
		$(ROOT)/share/fish/vendor_completions.d/iconforge.fish $(ROOT)/share/man/man1/iconforge.1

# The tarball unpacks to iconforge-VERSION/{bin,share}: `tar -xzf FILE -C /usr/local --strip-components=1`.
ifeq ($(OS),Darwin)
$(DISTBINARY): build
	set -e; for arch in arm64 x86_64; do \
		brew=$$([ $$arch = arm64 ] && echo $(HOMEBREW_ARM64) || echo $(HOMEBREW_X86_64)); \
		flags="-c release --arch $$arch --scratch-path $(BUILD)-$$arch -Xlinker -L$$brew/lib"; \
		PKG_CONFIG_LIBDIR=$$brew/lib/pkgconfig swift build $$flags --product iconforge; \
		cp "$$(swift build $$flags --show-bin-path)/iconforge" $(BUILD)/iconforge-$$arch; \
	done
	lipo -create -output $@ $(BUILD)/iconforge-arm64 $(BUILD)/iconforge-x86_64

dist: all $(DISTBINARY)
	rm -rf $(STAGE) && mkdir -p $(STAGE) $(DIST)
	$(call install-files,$(STAGE)/$(TARNAME),$(DISTBINARY))
	lipo -info $(STAGE)/$(TARNAME)/bin/iconforge
	cp README.md $(STAGE)/$(TARNAME)/
	tar -C $(STAGE) -czf $(TARBALL) $(TARNAME)
	rm -rf $(STAGE)
	@ls -l $(TARBALL)
else
dist: all
	rm -rf $(STAGE) && mkdir -p $(STAGE) $(DIST)
	$(call install-files,$(STAGE)/$(TARNAME),$(DISTBINARY))
	strip --strip-unneeded $(STAGE)/$(TARNAME)/bin/iconforge
	cp README.md $(STAGE)/$(TARNAME)/
	tar -C $(STAGE) --owner=0 --group=0 --numeric-owner --sort=name -czf $(TARBALL) $(TARNAME)
	Scripts/make-deb.sh $(STAGE)/$(TARNAME) $(STAGE)/deb $(VERSION) "$(MAINTAINER)" $(DEB)
	rm -rf $(STAGE)
	@ls -l $(TARBALL) $(DEB)
endif

dist-check:
	Scripts/test-dist.sh

clean:
	rm -rf $(BUILD) $(BUILD)-arm64 $(BUILD)-x86_64 $(DIST)
