"""Each target declares in Package.swift every module it imports (scripts/check_dependencies.py).

SwiftPM builds a target that imports an undeclared module as long as some other target happens to
build that module first, so a missing declaration only shows up later, in a clean or partial build.
"""
import importlib.util
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("check_dependencies", ROOT / "scripts" / "check_dependencies.py")
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

pytestmark = pytest.mark.skipif(shutil.which(os.environ.get("SWIFT", "swift")) is None, reason="needs swift on PATH")


def test_every_import_is_declared():
    found = check.problems(str(ROOT))
    assert not found, "\n".join(found)


def test_an_undeclared_import_is_reported(tmp_path):
    (tmp_path / "Package.swift").write_text("""// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Probe", targets: [
    .target(name: "Base"),
    .target(name: "Other"),
    .target(name: "Top", dependencies: ["Base"]),
])
""")
    for name in ("Base", "Other", "Top"):
        (tmp_path / "Sources" / name).mkdir(parents=True)
    (tmp_path / "Sources" / "Base" / "Base.swift").write_text("import Foundation\npublic let base = 1\n")
    (tmp_path / "Sources" / "Other" / "Other.swift").write_text("public let other = 2\n")
    (tmp_path / "Sources" / "Top" / "Top.swift").write_text(
        'import Base\n@testable import Other\nimport struct Other.Thing\nlet script = """\nimport Nothing\n"""\n')
    found = check.problems(str(tmp_path))
    assert len(found) == 1 and "target Top imports Other" in found[0], found
