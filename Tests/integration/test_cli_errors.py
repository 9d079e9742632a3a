"""The command line's run-time failures (a file that cannot be read or written, an input that is
not what it should be): one `Error: ...` line that says why, exit status 1, and no usage text,
which is for mistakes in the command line itself (status 64)."""
import re
import subprocess

import pytest

from itserver import binary_path


def run(*args, stdin=None):
    return subprocess.run([str(binary_path()), *args], input=stdin, capture_output=True, text=True, timeout=60)


def one_error_line(done):
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, (done.returncode, done.stderr)
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    assert "Usage" not in done.stderr and "Domain=" not in done.stderr, done.stderr
    return lines[0]


@pytest.fixture(scope="module")
def recording(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    script = folder / "s.json"
    script.write_text('[[0,{"op":"hud.show","target":"h"}]]')
    path = folder / "s.pcast"
    done = run("run-script", str(script), "--record", str(path))
    assert done.returncode == 0, done.stderr
    return path


def test_measure_says_what_is_wrong_with_its_input(tmp_path):
    assert one_error_line(run("measure", stdin="garbage")) == "Error: standard input is not valid JSON"
    missing = tmp_path / "missing.json"
    assert one_error_line(run("measure", "--input", str(missing))) == f"Error: cannot read {missing}: no such file"
    assert one_error_line(run("measure", "--input", str(tmp_path))) == f"Error: cannot read {tmp_path}: it is a folder"
    truncate = '[{"text":"abc","size":12,"mode":"truncate"}]'
    assert one_error_line(run("measure", stdin=truncate)) == "Error: request 0: truncate needs maxWidth (a number > 0)"
    wrap = '[{"text":"abc","size":12,"mode":"wrap","maxWidth":-1}]'
    assert one_error_line(run("measure", stdin=wrap)) == "Error: request 0: wrap needs maxWidth (a number > 0)"
    assert one_error_line(run("measure", stdin='[{"text":"abc","size":12,"mode":"fit"}]')) == (
        "Error: request 0: unknown mode fit")
    ok = run("measure", stdin='[{"text":"abc","size":12,"mode":"wrap","maxWidth":100}]')
    assert ok.returncode == 0 and '"lines"' in ok.stdout, ok.stderr


def test_recording_files_that_cannot_be_read_say_why(tmp_path):
    missing = tmp_path / "missing.pcast"
    assert one_error_line(run("replay", str(missing))) == f"Error: cannot read {missing}: no such file"
    assert one_error_line(run("replay", str(tmp_path), "--verify")) == f"Error: cannot read {tmp_path}: it is a folder"
    empty = tmp_path / "empty.pcast"
    empty.write_text("")
    assert one_error_line(run("render", str(empty))) == f"Error: {empty}: bad header: the file has no header line"
    script = tmp_path / "missing.json"
    assert one_error_line(run("run-script", str(script), "--record", str(tmp_path / "x.pcast"))) == (
        f"Error: cannot read {script}: no such file")


def test_render_says_why_it_cannot_write(recording, tmp_path):
    target = tmp_path / "no-such-folder" / "frame.svg"
    assert one_error_line(run("render", str(recording), "--out", str(target))) == (
        f"Error: cannot write {target}: the folder {target.parent} does not exist")
    assert one_error_line(run("render", str(recording), "--out", str(tmp_path))) == (
        f"Error: cannot write {tmp_path}: it is a folder")
    done = run("render", str(recording), "--out", str(tmp_path / "frame.svg"))
    assert done.returncode == 0 and (tmp_path / "frame.svg").read_text().startswith("<svg"), done.stderr


def test_a_command_line_mistake_is_still_a_usage_error(recording):
    done = run("render", str(recording), "--scale", "9", "--format", "png")
    assert done.returncode == 64 and "--scale" in done.stderr, (done.returncode, done.stderr)


def test_version_and_an_empty_parts_list():
    done = run("--version")
    assert done.returncode == 0 and re.fullmatch(r"\d+\.\d+\.\d+", done.stdout.strip()), (done.stdout, done.stderr)
    done = run("bench", "--parts", "")
    assert done.returncode == 64 and "--parts names no part" in done.stderr, (done.returncode, done.stderr)


def test_export_counts_frames_in_words_that_fit(recording, tmp_path):
    out = tmp_path / "still.gif"
    done = run("export", str(recording), "--format", "gif", "--from", "0.5", "--to", "0.5", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert f"{out}: 1 frame at 30.0 fps" in done.stderr, done.stderr
    assert "frames drawn)" in done.stderr, done.stderr


def test_render_will_not_write_png_bytes_to_a_terminal(recording):
    """`render --format png` with the default `--out -` on a terminal is refused (it would only
    garble the terminal); redirected, it writes the PNG."""
    import os
    import pty
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(str(binary_path()), [str(binary_path()), "render", str(recording), "--format", "png"])
    output = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 1, output
    assert b"give --out FILE" in output and b"\x89PNG" not in output, output[:200]
    piped = subprocess.run([str(binary_path()), "render", str(recording), "--format", "png"], capture_output=True, timeout=60)
    assert piped.returncode == 0 and piped.stdout.startswith(b"\x89PNG"), piped.stderr


def test_replay_lists_the_commands_that_fail_with_their_lines(tmp_path):
    """A recorded command that fails when applied again (a hand-edited op, an unknown target)
    is named with its line by `replay` and `replay --verify`; it changed nothing, so the replay
    still succeeds."""
    path = tmp_path / "edited.pcast"
    path.write_text("\n".join([
        '{"format":"progresscast","version":1,"title":"t","created":"2026-11-21T00:00:00Z",'
        '"canvas":{"width":375,"height":667},"fps":60,"generator":"test"}',
        '[0,"c",{"op":"session.create","clock":"manual"}]',
        '[0,"c",{"op":"hud.show","target":"h"}]',
        '[100000,"c",{"op":"hud.zzz","target":"h"}]',
        '[200000,"c",{"op":"hud.update","target":"nope","progress":0.5}]',
        '[400000,"e",{"reason":"stopped"}]',
    ]) + "\n")
    for args in ([], ["--verify"]):
        done = run("replay", str(path), *args)
        assert done.returncode == 0, done.stderr
        assert done.stderr.splitlines() == [
            f'{path}: line 4: hud.zzz failed: unknown_op: unknown op "hud.zzz"',
            f'{path}: line 5: hud.update failed: unknown_target: no HUD with target "nope"',
        ], done.stderr


def test_verifying_a_recording_cut_after_its_header_fails(tmp_path):
    """A file that ends after its header (a recording cut before its session.create line) holds
    nothing to replay: `--verify` says so and fails instead of "ok, 0 checksums verified"."""
    path = tmp_path / "header.pcast"
    header = ('{"format":"progresscast","version":1,"title":"t","created":"2026-11-21T00:00:00Z",'
              '"canvas":{"width":375,"height":667},"fps":60,"generator":"test"}')
    for lines in ([header], [header, '[0,"e",{"reason":"stopped"}]']):
        path.write_text("\n".join(lines) + "\n")
        assert one_error_line(run("replay", str(path), "--verify")) == (
            f"Error: {path}: nothing to verify: the recording holds no command, not even the session.create "
            "it starts with (it ends after its header)")
        # Without --verify it only describes the file.
        done = run("replay", str(path))
        assert done.returncode == 0 and "0 commands" in done.stdout, (done.stdout, done.stderr)


def test_run_script_will_not_record_over_its_own_script(tmp_path):
    """--record naming the script (or a link to it) is refused before anything is written; the
    summary says how long the recording is (a second after the last step)."""
    script = tmp_path / "s.json"
    text = '[[0,{"op":"hud.show","target":"h"}],[2,{"op":"hud.hide","target":"h"}]]'
    script.write_text(text)
    link = tmp_path / "link.pcast"
    link.symlink_to(script)
    for target in (script, link):
        assert one_error_line(run("run-script", str(script), "--record", str(target))) == (
            f"Error: {target}: is the script itself: choose another path for the recording")
        assert script.read_text() == text
    done = run("run-script", str(script), "--record", str(tmp_path / "out.pcast"))
    assert done.returncode == 0, done.stderr
    assert "2 steps over 2.000 s, 0 failed; recording 3.000 s long (1 s after the last step" in done.stdout, done.stdout
    assert run("replay", str(tmp_path / "out.pcast")).stdout.startswith(f"{tmp_path / 'out.pcast'}: 3.000 s, ")


def test_render_says_why_a_time_is_refused(recording):
    """A negative or infinite --at is named with its value (a negative one was read as a missing
    value, "--at -1" taken for an option)."""
    for value, shown in (("-1", "-1.0"), ("inf", "inf")):
        done = run("render", str(recording), "--at", value, "--format", "json")
        assert done.returncode == 64, done.stderr
        assert f"--at must be a finite time >= 0 (seconds), got {shown}" in done.stderr, done.stderr
