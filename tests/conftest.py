"""Fixtures shared by the CPython tests."""

import pytest

from tests.fake_browser import open_tab as _open_tab


@pytest.fixture
def open_tab(monkeypatch):
    """``open_tab(storage=None)`` -> a new tab of the page (``tests/fake_browser.py``)."""
    return lambda storage=None: _open_tab(monkeypatch, storage)
