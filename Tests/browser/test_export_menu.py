"""The page's Export menu beside a recording (Public/js/export-menu.js): it asks the server for
GET /api/recordings/NAME/export and saves the file, or shows the server's error message.
"""
import subprocess

from pcbrowser import SCREENSHOTS, console_errors, wait_js
from pcpage import by_id, click, open_page, open_panel
from pcserver import OUTPUT, server_command

SCRIPT = OUTPUT.parent / "Scenarios" / "min-show-time.json"


def press(browser, selector):
    """Scrolls the element `selector` names into view and clicks it, in the page, at once."""
    browser.execute_script(
        "const e = document.querySelector(arguments[0]); e.scrollIntoView({block: 'center'}); e.click();", selector)


def test_export_menu_fetches_the_file(browser, server_url):
    name = "export-menu-demo"
    path = OUTPUT / "server-cwd" / "recordings" / f"{name}.pcast"
    subprocess.run(server_command() + ["run-script", str(SCRIPT), "--record", str(path)], check=True,
                   capture_output=True, timeout=60)
    console_errors(browser)  # drop what earlier pages logged
    open_page(browser, server_url)
    open_panel(browser, "panel-recording")
    click(browser, "recordings-refresh")
    row = f'tr[data-test="recording-row"][data-name="{name}"]'
    wait_js(browser, f"document.querySelector('{row} [data-test=recording-export]') !== null")
    # Keep what the page downloads: count the object URLs it makes (a download cannot be read back).
    browser.execute_script("""
window.__exports = [];
const make = URL.createObjectURL;
URL.createObjectURL = (blob) => { window.__exports.push({ size: blob.size, type: blob.type }); return make(blob); };""")
    # Found and pressed in one script each: the list may be drawn again (the panel's own load
    # and the refresh both answer), and an element found in one call is stale in the next.
    press(browser, f"{row} [data-test=recording-export] summary")
    gif = f"{row} [data-test=recording-export] button[data-format=gif]"
    press(browser, gif)
    status = f"document.querySelector('{row} [data-test=export-status]').textContent"
    wait_js(browser, f"{status}.startsWith('saved')", timeout=60)
    assert browser.execute_script(f"return {status};").startswith(f"saved {name}.gif")
    exports = browser.execute_script("return window.__exports;")
    assert len(exports) == 1 and exports[0]["type"] == "image/gif" and exports[0]["size"] > 1000
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.find_element("css selector", row).screenshot(str(SCREENSHOTS / "export-menu-row.png"))

    # An error from the server is shown, not saved: the recording is gone meanwhile (404).
    path.unlink()
    press(browser, gif)
    wait_js(browser, f"{status}.startsWith('export failed')", timeout=30)
    assert "no such recording" in browser.execute_script(f"return {status};")
    assert len(browser.execute_script("return window.__exports;")) == 1
    assert by_id(browser, "recordings-list") is not None
    # The browser logs the 404 itself; nothing else went wrong (and later tests start clean).
    errors = console_errors(browser)
    assert all("/export?" in e["message"] and "404" in e["message"] for e in errors), errors


def test_an_export_in_progress_survives_the_list_being_read_again(browser, server_url):
    """Reading the recordings list again (the Refresh button, or another page stopping a recording)
    keeps the rows of unchanged recordings as they are: an export's status is not lost."""
    name = "export-menu-kept"
    path = OUTPUT / "server-cwd" / "recordings" / f"{name}.pcast"
    subprocess.run(server_command() + ["run-script", str(SCRIPT), "--record", str(path)], check=True,
                   capture_output=True, timeout=60)
    open_page(browser, server_url)
    open_panel(browser, "panel-recording")
    click(browser, "recordings-refresh")
    row = f'tr[data-test="recording-row"][data-name="{name}"]'
    wait_js(browser, f"document.querySelector('{row} [data-test=recording-export]') !== null")
    browser.execute_script("window.__row = document.querySelector(arguments[0]);", row)
    press(browser, f"{row} [data-test=recording-export] summary")
    press(browser, f"{row} [data-test=recording-export] button[data-format=gif]")
    # Read the list again while the export runs, twice.
    click(browser, "recordings-refresh")
    click(browser, "recordings-refresh")
    wait_js(browser, f"document.querySelector('{row} [data-test=export-status]').textContent.startsWith('saved')",
            timeout=60)
    assert browser.execute_script("return window.__row === document.querySelector(arguments[0]);", row)
