# Build, test and install sbmap. `make install PREFIX=~/.local` installs under another prefix.
PREFIX ?= /usr/local
# zsh and sh pass `PREFIX=~/.local` on with the `~` unexpanded (only bash expands it after `=`): without this, make
# would install into a folder named `~` below the current one.
override PREFIX := $(patsubst ~/%,$(HOME)/%,$(patsubst ~,$(HOME),$(PREFIX)))
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
BASH_COMPLETIONS = $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(PREFIX)/share/fish/vendor_completions.d
# What names an unreleased build in `sbmap --version` (0.2.0+3f2a1b4c5d6e): the commit, or nothing at a release tag
# (scripts/version.sh --build-id); the action passes the one of the ref it was pinned to.
BUILD_ID ?= $(shell scripts/version.sh --build-id 2>/dev/null)
SWIFT_BUILD_FLAGS = $(if $(BUILD_ID),-Xcc -DSBMAP_BUILD_ID='"$(BUILD_ID)"')

.PHONY: all build test examples install uninstall man dist clean

all: build

build:
	scripts/bootstrap.sh
	swift build -c release --product sbmap $(SWIFT_BUILD_FLAGS)

test:
	scripts/test.sh

examples:
	scripts/examples.sh

# The man page comes from swift-argument-parser's generate-manual tool (run on sbmap alone: the plugin
# would document every executable of the package), the completions from the binary itself.
man: build
	swift build -c release --product generate-manual $(SWIFT_BUILD_FLAGS)
	mkdir -p .build/man
	"$$(swift build -c release --show-bin-path $(SWIFT_BUILD_FLAGS))/generate-manual" "$$(swift build -c release --show-bin-path $(SWIFT_BUILD_FLAGS))/sbmap" \
		--output-directory .build/man

install: build man
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)" "$(FISH_COMPLETIONS)"
	install -m 755 "$$(swift build -c release --show-bin-path $(SWIFT_BUILD_FLAGS))/sbmap" "$(BINDIR)/sbmap"
	install -m 644 .build/man/sbmap.1 "$(MANDIR)/sbmap.1"
	"$(BINDIR)/sbmap" --generate-completion-script bash > "$(BASH_COMPLETIONS)/sbmap"
	"$(BINDIR)/sbmap" --generate-completion-script zsh > "$(ZSH_COMPLETIONS)/_sbmap"
	"$(BINDIR)/sbmap" --generate-completion-script fish > "$(FISH_COMPLETIONS)/sbmap.fish"

# The relocatable release tarball, dist/sbmap-VERSION-OS-ARCH.tar.gz (and its .sha256): on Linux with the Swift
# runtime linked in, so it needs only Graphviz and libxml2 from the system. Built in .build-dist.
dist:
	scripts/dist.sh

uninstall:
	rm -f "$(BINDIR)/sbmap" "$(MANDIR)/sbmap.1" "$(BASH_COMPLETIONS)/sbmap" "$(ZSH_COMPLETIONS)/_sbmap" "$(FISH_COMPLETIONS)/sbmap.fish"

clean:
	rm -rf .build .build-dist dist
