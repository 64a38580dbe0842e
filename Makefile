# make install [PREFIX=/usr/local] [DESTDIR=]: builds tallcheck in release and installs it, its man
# page (from swift-argument-parser's generate-manual plugin) and its bash, zsh and fish completions.
# The binary links the Swift runtime of the toolchain that built it; Scripts/release
# DIR makes one that needs neither the toolchain nor libpng nor libxml2.
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
TOOL = .build/release/tallcheck
MANUAL = .build/plugins/GenerateManual/outputs/tallcheck/tallcheck.1

.PHONY: all build manual install uninstall test

all: build

build:
	swift build -c release --product tallcheck

# The manual is made again only when the tool is newer (generate-manual builds every product).
manual: build
	if [ ! -f "$(MANUAL)" ] || [ "$(TOOL)" -nt "$(MANUAL)" ]; then \
		swift package generate-manual --configuration release; fi

# `make && sudo make install` keeps the build folder the user's.
install: build manual
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 755 "$(TOOL)" "$(BINDIR)/tallcheck"
	install -m 644 "$(MANUAL)" "$(MANDIR)/tallcheck.1"
	"$(TOOL)" --generate-completion-script bash > "$(BASHDIR)/tallcheck"
	"$(TOOL)" --generate-completion-script zsh > "$(ZSHDIR)/_tallcheck"
	"$(TOOL)" --generate-completion-script fish > "$(FISHDIR)/tallcheck.fish"

uninstall:
	rm -f "$(BINDIR)/tallcheck" "$(MANDIR)/tallcheck.1" "$(BASHDIR)/tallcheck" "$(ZSHDIR)/_tallcheck" \
		"$(FISHDIR)/tallcheck.fish"

test:
	swift test
