# freetime's make targets. The README's two commands (scripts/example, scripts/test) set
# everything up themselves; these are the pieces.
#
#   make install PREFIX=/usr/local DESTDIR=   the binary, the man page, bash/zsh/fish completions
#   make uninstall PREFIX=/usr/local DESTDIR= removes exactly those files
#   make build LIBICAL=system                 for distributions: libical and ICU as shared libraries
#
# `make build` (LIBICAL=static, the default) links the Swift runtime, libical and its ICU into
# the binary, with only the ICU data freetime's ICU calls need and libical's ucal_open call
# fixed (scripts/static-libs, made under .build-install/static-libs from libicudata.a and
# libical.a), so it runs without the toolchain, libical or ICU.
# `make build LIBICAL=system` (and `make install LIBICAL=system`) links libical.so and ICU's
# shared libraries instead, as a distribution's package would (Debian: Depends on libical3 and
# libicu72, what libical3 depends on); the Swift runtime is linked in either way. Both read
# zones from the system's tz database (tzdata). docs/GUIDE.md, Install.

PREFIX ?= /usr/local
DESTDIR ?=
LIBICAL ?= static
ifeq ($(LIBICAL),system)
SCRATCH = .build-system
BUILD_ENV =
else ifeq ($(LIBICAL),static)
SCRATCH = .build-install
BUILD_ENV = libs=$$(scripts/static-libs $(SCRATCH)/static-libs) && FREETIME_STATIC_LIBICAL=1 FREETIME_STATIC_LIBS="$$libs"
else
$(error LIBICAL is static or system, not $(LIBICAL))
endif
# The binary to install; built by `make build` (release; debug information stripped, symbols
# kept; Package.swift), which `make install` runs first (a build of unchanged sources does
# nothing), so that `git pull && make install` installs what was pulled. A BINARY given is
# installed as it is.
ifeq ($(origin BINARY),undefined)
INSTALL_FROM = build
else
INSTALL_FROM = $(BINARY)
endif
BINARY ?= $(SCRATCH)/release/freetime

BIN_DIR = $(DESTDIR)$(PREFIX)/bin
MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_DIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_DIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_DIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build install uninstall test sanitize fuzz-smoke

all: build

build:
	bash -c '. scripts/setup && $(BUILD_ENV) swift build -c release --static-swift-stdlib --product freetime --scratch-path $(SCRATCH) -Xlinker --strip-debug'

$(BINARY):
	$(MAKE) build

install: $(INSTALL_FROM)
	install -d "$(BIN_DIR)" "$(MAN_DIR)" "$(BASH_DIR)" "$(ZSH_DIR)" "$(FISH_DIR)"
	install -m 755 "$(BINARY)" "$(BIN_DIR)/freetime"
	install -m 644 man/freetime.1 "$(MAN_DIR)/freetime.1"
	"$(BINARY)" --generate-completion-script bash > "$(BASH_DIR)/freetime"
	"$(BINARY)" --generate-completion-script zsh > "$(ZSH_DIR)/_freetime"
	"$(BINARY)" --generate-completion-script fish > "$(FISH_DIR)/freetime.fish"
	chmod 644 "$(BASH_DIR)/freetime" "$(ZSH_DIR)/_freetime" "$(FISH_DIR)/freetime.fish"

uninstall:
	rm -f "$(BIN_DIR)/freetime" "$(MAN_DIR)/freetime.1" "$(BASH_DIR)/freetime" \
	  "$(ZSH_DIR)/_freetime" "$(FISH_DIR)/freetime.fish"

# The whole suite, as CI runs it: unit and end-to-end tests, then `sanitize` and `fuzz-smoke`.
test:
	./scripts/test

# The test suite under AddressSanitizer, and a leak check (LeakSanitizer) over every fixture.
sanitize:
	./scripts/sanitize

# 30,000 executions (about 90 s) of the reader's libFuzzer target, the same run on every machine
# (scripts/fuzz --smoke); findings fail it.
fuzz-smoke:
	./scripts/fuzz --smoke
