"""The canvas's gestures by keyboard (Public/js/keyboard.js), against the real server: Enter taps
the front HUD's button (a pointer down and up at the centre `inspect` gives as `buttonFrame`),
R pulls the first pull-to-refresh header (`refresh.begin`), Backspace goes back in the first
navigation stack that can (`nav.pop`); each says what it did in the keys' note, and what it could
not do when there is nothing to act on. Keys typed into a field, or by a viewer, do nothing."""
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pcbrowser import wait_js
from pcpage import by_id, fill, log_entries, open_page, snap, wait_log
from pcws import WsClient


def send(driver, msg):
    """An op through the page's own connection; returns the reply."""
    return driver.execute_async_script(
        "window.progresscast.app.send(arguments[0], { quiet: true }).then(arguments[1]);", msg)


def press(driver, key):
    ActionChains(driver).move_to_element(driver.find_element(By.TAG_NAME, "body")).send_keys(key).perform()


def wait_note(driver, text):
    wait_js(driver, f"document.getElementById('key-note').textContent === {text!r}", timeout=10)


def test_enter_r_and_backspace_do_what_the_canvas_gestures_do(browser, server_url):
    driver = browser
    open_page(driver, f"{server_url}/")
    # Nothing to act on yet: each key says so.
    for key, text in [(Keys.ENTER, "Enter: no HUD button on screen."),
                      ("r", "R: no pull-to-refresh header on screen."),
                      (Keys.BACKSPACE, "Backspace: no navigation stack to go back in.")]:
        press(driver, key)
        wait_note(driver, text)

    # A navigation stack of two screens, a table with a pull-to-refresh header, a HUD with a button.
    for msg in [
        {"op": "nav.create", "target": "n", "screens": [{"id": "inbox", "title": "Inbox"}, {"id": "mail", "title": "Mail"}]},
        {"op": "scroll.create", "target": "s", "frame": {"x": 0, "y": 300, "width": 375, "height": 300},
         "rows": {"count": 20}},
        {"op": "refresh.create", "target": "hd", "scroll": "s", "kind": "header"},
        {"op": "hud.show", "target": "h", "label": "Uploading", "button": "Cancel", "animated": False},
    ]:
        reply = send(driver, msg)
        assert reply["type"] == "ack", reply
    button = send(driver, {"op": "inspect", "target": "h"})["buttonFrame"]
    assert button["width"] > 20 and button["height"] > 10, button

    press(driver, Keys.ENTER)
    wait_log(driver, "hud.button h")
    wait_note(driver, "h: button pressed")

    press(driver, "r")
    wait_log(driver, "refresh.refreshing hd")
    wait_note(driver, "hd: refreshing")
    assert send(driver, {"op": "inspect", "target": "hd"})["state"] == "refreshing"
    press(driver, "r")
    wait_note(driver, "hd: already refreshing")

    press(driver, Keys.BACKSPACE)
    wait_log(driver, "nav.transition n", detail_contains='"pop"')
    wait_note(driver, "n: back to inbox")
    time.sleep(0.6)
    assert send(driver, {"op": "inspect", "target": "n"})["stack"] == ["inbox"]
    snap(driver, "keyboard-gestures")

    # Typed into a field: text, not a gesture.
    before = len(log_entries(driver, "event"))
    fill(driver, "hud-label", "x")
    by_id(driver, "hud-label").send_keys(Keys.BACKSPACE, "r", Keys.ENTER)
    time.sleep(0.5)
    assert not [e for e in log_entries(driver, "event")[: len(log_entries(driver, "event")) - before]
                if e["title"].startswith(("hud.button", "refresh.refreshing", "nav.transition"))]


def test_a_viewers_keys_do_nothing(browser, server_url):
    driver = browser
    with WsClient(server_url) as client:
        ack = client.request("session.create")
        assert client.request("hud.show", target="h", label="Busy", button="Stop", animated=False)["type"] == "ack"
        open_page(driver, f"{server_url}/#session={ack['session']}")
        assert driver.execute_script("return window.progresscast.session.role;") == "viewer"
        press(driver, Keys.ENTER)
        time.sleep(0.5)
        assert not log_entries(driver, "error")
        assert not [e for e in log_entries(driver, "event") if e["title"] == "hud.button h"]
        assert client.request("inspect", target="h")["state"] == "shown"
