"""Fixtures for the browser tests: a server (started, or PROGRESSCAST_URL) and headless Chromium."""
import os

import pytest

from pcbrowser import make_driver
from pcserver import ServerProcess


@pytest.fixture(scope="session")
def server_url():
    """Base URL of a running server. PROGRESSCAST_URL points at one already running; otherwise
    PROGRESSCAST_BIN (default .build/debug/progresscast) is started on a free port."""
    url = os.environ.get("PROGRESSCAST_URL")
    if url:
        yield url.rstrip("/")
        return
    with ServerProcess(log_name="browser-tests-server") as server:
        yield server.url


@pytest.fixture(scope="session")
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def hidpi_browser():
    driver = make_driver(dpr=2)
    yield driver
    driver.quit()
