# freetime's make targets. The README's two commands (scripts/example, scripts/test) set
# everything up themselves; these are the pieces, for when you want one of them.

.PHONY: all test sanitize fuzz-smoke

all:
	swift build -c release --product freetime

# The whole suite, as CI runs it: unit and end-to-end tests, then `sanitize` and `fuzz-smoke`.
test:
	./scripts/test

# The test suite under AddressSanitizer, and a leak check (LeakSanitizer) over every fixture.
sanitize:
	./scripts/sanitize

# Two minutes of the libFuzzer target (scripts/fuzz --smoke); findings fail it.
fuzz-smoke:
	./scripts/fuzz --smoke
