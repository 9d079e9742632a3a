"""Every `*.md` document cited in the repository exists in it.

Source comments, docs, scripts and tests cite documents by path (`docs/protocol.md`, or
relative to the citing file) or bare (`SECURITY.md`). A clone has only what is committed, so a citation of a
document that is not in the repository (a spec or a note kept elsewhere) is a dead end for its
reader. A path resolves from the repository root or from the citing file's folder; a bare name
from those two folders. Anchors (`#section`) are ignored, and so are URLs.
"""
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ["Sources", "Tests", "Public", "docs", "scripts", "Benchmarks", "Fuzz", "README.md"]
TEXT_SUFFIXES = {".swift", ".py", ".js", ".mjs", ".html", ".css", ".md", ".sh", ".h", ".c", ".modulemap",
                 ".json", ".ndjson", ".txt", ".dict", ".toml", ".yml", ".yaml", ".svg"}
SKIPPED_DIRS = {".build", ".git", "node_modules", "__pycache__", ".pytest_cache", "test-output"}
# A document name: letters, digits, _ . - and /, ending in .md, not part of a longer word or a URL.
CITATION = re.compile(r"(?<![\w./:-])((?:\.{1,2}/)*[\w.-]+(?:/[\w.-]+)*\.md)\b(?![\w-])")


def text_files(root, scanned):
    for entry in scanned:
        path = root / entry
        if path.is_file():
            yield path
            continue
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
            for name in sorted(filenames):
                file = Path(dirpath) / name
                if file.suffix in TEXT_SUFFIXES or name in ("Makefile", "run"):
                    yield file


def missing_references(root, scanned=SCANNED):
    """[(file relative to root, line number, cited name)] for every citation that resolves nowhere."""
    missing = []
    for file in text_files(root, scanned):
        try:
            text = file.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            for match in CITATION.finditer(line):
                cited = match.group(1)
                word_start = max(line.rfind(c, 0, match.start()) for c in " \t(\"'<[`") + 1
                if "://" in line[word_start:match.end()]:
                    continue
                candidates = [root / cited, file.parent / cited]
                if not any(c.resolve().is_file() for c in candidates):
                    missing.append((str(file.relative_to(root)), number, cited))
    return missing


def test_every_cited_document_exists():
    missing = missing_references(ROOT)
    assert not missing, "documents cited but not in the repository:\n" + "\n".join(
        f"  {path}:{line}: {cited}" for path, line, cited in missing)


def test_a_missing_document_is_reported(tmp_path):
    # Names are built here so that this file itself cites nothing missing.
    absent, present = "nowhere" + ".md", "here" + ".md"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / present).write_text("# here\n")
    (tmp_path / "SECURITY.md").write_text("# security\n")
    (tmp_path / "Sources").mkdir()
    (tmp_path / "Sources" / "a.swift").write_text(
        f"// See docs/{present} section 2, SECURITY.md and docs/{absent}.\n"
        f"// Also {absent} (bare) and https://example.com/x/{absent} (a URL: not checked).\n")
    security = "SECURITY" + ".md"
    (tmp_path / "docs" / ("b" + ".md")).write_text(f"[link]({present}#part) and [up](../{security})\n")
    found = missing_references(tmp_path, ["Sources", "docs"])
    assert found == [("Sources/a.swift", 1, f"docs/{absent}"), ("Sources/a.swift", 2, absent)]
