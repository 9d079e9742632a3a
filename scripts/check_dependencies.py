#!/usr/bin/env python3
"""Fails when a target imports a module that Package.swift does not list among its dependencies.

Every target (library, executable, test) must declare each module it imports: another target of
this package, a product of a package dependency (its module has the product's name here:
ArgumentParser, Logging) or a system library target. The toolchain's own modules (Foundation,
Glibc, Testing, ...) need no declaration. Reads the manifest with `swift package dump-package`
and every .swift file under each target's folder; `import`, `@testable import` and scoped imports
(`import struct M.T`) all count. Exit status 1 and one line per missing dependency otherwise.

Usage: scripts/check_dependencies.py [PACKAGE_ROOT]   (run by Tests/repo through scripts/test.sh)
"""
import json
import os
import re
import subprocess
import sys

# Modules of the Swift toolchain and the OS: always importable, never declared.
TOOLCHAIN = {
    "Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch",
    "Glibc", "Musl", "Darwin", "WinSDK", "Synchronization", "_Concurrency", "Observation", "RegexBuilder",
    "Testing", "XCTest", "os",
}

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)",
                    re.MULTILINE)


MULTILINE_STRING = re.compile(r'(#*)"""[\s\S]*?"""\1')


def manifest(root):
    swift = os.environ.get("SWIFT", "swift")
    out = subprocess.run([swift, "package", "--package-path", root, "dump-package"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def declared(target):
    names = set()
    for dep in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.add(dep[kind][0])
    return names


def target_dir(root, target):
    if target.get("path"):
        return os.path.join(root, target["path"])
    base = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(root, base, target["name"])


def imports(folder, excluded):
    found = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = [d for d in dirnames if os.path.join(dirpath, d) not in excluded]
        for name in filenames:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            # Multi-line string literals may hold other languages' imports (test scripts in Python).
            text = MULTILINE_STRING.sub("", text)
            for module in IMPORT.findall(text):
                found.setdefault(module, path)
    return found


def problems(root):
    package = manifest(root)
    out = []
    for target in package["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        folder = target_dir(root, target)
        excluded = {os.path.join(folder, e) for e in target.get("exclude", [])}
        allowed = declared(target) | TOOLCHAIN | {target["name"]}
        for module, path in sorted(imports(folder, excluded).items()):
            if module not in allowed:
                out.append(f"{os.path.relpath(path, root)}: target {target['name']} imports {module}, "
                           f"which is not in its dependencies in Package.swift")
    return out


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    found = problems(root)
    for line in found:
        print(line)
    if found:
        print(f"check_dependencies: {len(found)} undeclared import(s)")
        return 1
    print("check_dependencies: every import is declared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
