"""The page works behind `serve --token` (SECURITY.md): opened as /?token=..., it loads its scripts,
styles and fonts (the server's cookie), connects its WebSocket and calls the API (the page passes
the token on), while the same page without the token gets nothing."""
from pcpage import open_page
from pcserver import ServerProcess

TOKEN = "browser-token-7f2c9e1a"


def test_page_works_with_a_server_token(browser):
    with ServerProcess(extra_args=("--token", TOKEN), log_name="browser-token-server") as server:
        session = open_page(browser, f"{server.url}/?token={TOKEN}")
        assert session["session"], session
        # The API calls the page makes carry the token too (the recordings list loads).
        listed = browser.execute_script(
            "return fetch('/api/recordings' + location.search).then(r => r.status);")
        assert listed == 200
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE" and "401" in e["message"]]
        assert not errors, errors
        # A fresh browser context without the token or cookie: refused.
        browser.delete_all_cookies()
        browser.get("about:blank")
        browser.get(server.url + "/")
        assert "ProgressCast" not in browser.title
        assert "401" in browser.page_source or "required" in browser.page_source
