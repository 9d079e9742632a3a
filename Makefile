# Shortcuts for the scripts (they are the source of truth).

# Swift may be installed in /opt/swift without being on PATH.
export PATH := $(PATH):/opt/swift/usr/bin
.PHONY: run test unit integration browser

run:
	scripts/run.sh

test:
	scripts/test.sh

unit:
	swift build --build-tests && swift test --skip-build

integration:
	swift build --product progresscast && python3 -m pytest Tests/integration -q

browser:
	swift build --product progresscast && python3 -m pytest Tests/browser -q
