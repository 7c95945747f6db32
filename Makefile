# Install IconForge like other Swift command-line tools:
#   make install [PREFIX=/usr/local] [DESTDIR=...]    the binary, bash/zsh/fish completions, the man page
#   make uninstall [PREFIX=/usr/local]
# The binary is a release build; on Linux the Swift runtime is linked in (--static-swift-stdlib), so it runs
# where no Swift toolchain is installed (the system's libpng, zlib, librsvg and libjpeg-turbo are still used).
# The completions and the man page are generated from the command's own definitions, so they never drift
# from `iconforge --help`.
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BUILD = .build-install
STATIC = $(shell [ "$$(uname -s)" = Linux ] && echo --static-swift-stdlib)
BINARY = $(BUILD)/release/iconforge
MANPAGE = $(BUILD)/iconforge.1
# The manual plugin builds the tool its own way (dynamically linked): in a folder of its own, so it never
# replaces the static binary that is installed.
MANBUILD = $(BUILD)-man

.PHONY: all build man install uninstall clean

all: build man

build:
	swift build -c release --product iconforge $(STATIC) --scratch-path $(BUILD)

# swift-argument-parser's generate-manual plugin writes the page from the command definitions.
man:
	swift package --scratch-path $(MANBUILD) plugin generate-manual
	mkdir -p $(BUILD)
	cp "$$(find $(MANBUILD)/plugins -name iconforge.1 | head -n 1)" $(MANPAGE)

install: all
	install -d $(BINDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR) $(MANDIR)
	install -m 755 $(BINARY) $(BINDIR)/iconforge
	$(BINARY) --generate-completion-script bash > $(BASHDIR)/iconforge
	$(BINARY) --generate-completion-script zsh > $(ZSHDIR)/_iconforge
	$(BINARY) --generate-completion-script fish > $(FISHDIR)/iconforge.fish
	install -m 644 $(MANPAGE) $(MANDIR)/iconforge.1

uninstall:
	rm -f $(BINDIR)/iconforge $(BASHDIR)/iconforge $(ZSHDIR)/_iconforge $(FISHDIR)/iconforge.fish $(MANDIR)/iconforge.1

clean:
	rm -rf $(BUILD) $(MANBUILD)
