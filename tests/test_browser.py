"""The web game in a real browser: Playwright drives Chromium through a whole hand by clicking.

Needs the ``browser`` extra (Playwright) and Chromium: browsers cannot be downloaded here,
so the test uses the system's Chromium (Debian's ``chromium`` package, which ``.ci/run``
installs when it is missing). The screenshot goes to ``GINRUMMY_SCREENSHOT`` or the
test's temporary directory.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
sync_api = pytest.importorskip("playwright.sync_api")

from test_web import free_port, start_server, stop  # noqa: E402

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"), "/usr/bin/chromium") if p and os.path.exists(p)), None)
# Every test here drives Chromium; where it is missing they are skipped, saying how to get it.
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")
FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]
IDLE = "() => !document.body.hasAttribute('aria-busy')"
"""The page has its answer: no request in flight (the app marks the body busy meanwhile)."""
IDLE_AND_READY = (
    "() => !document.body.hasAttribute('aria-busy')"
    " && document.querySelector('#actions button, #hand button.card:not([disabled])')"
)
"""Idle, and something to click: deciding on a page that is still waiting for an answer
would click what the answer is about to replace (seen on a loaded machine)."""
WIDER_THAN_THE_SCREEN = (
    "() => [...document.querySelectorAll('body *')].filter((el) =>"
    " el.getBoundingClientRect().right > window.innerWidth + 1).map((el) => el.tagName + '#' + el.id)"
)
"""The page's elements that reach past the right edge of the window (none should)."""


@contextlib.contextmanager
def table_page(data: Path, width: int, height: int) -> Iterator[Any]:
    """The web game served from ``data`` on a free port, open in headless Chromium at
    ``width`` x ``height``; the browser and the server stop afterwards."""
    port = free_port()
    server = start_server(data, port)
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            page = browser.new_page(viewport={"width": width, "height": height})
            page.set_default_timeout(15_000)
            page.goto(f"http://127.0.0.1:{port}/")
            yield page
            browser.close()
    finally:
        stop(server, signal.SIGTERM)


def test_a_whole_hand_by_clicking_in_chromium(tmp_path: Path) -> None:
    shot = Path(os.environ.get("GINRUMMY_SCREENSHOT", tmp_path / "web.png"))
    with table_page(tmp_path / "data", 1100, 900) as page:
        page.wait_for_selector("#rules option", state="attached")
        assert page.get_attribute("#target", "placeholder") == "150"  # an empty target: the preset's
        page.select_option("#level", "easy")
        page.select_option("#rules", "standard")
        assert page.get_attribute("#target", "placeholder") == "100"
        page.click("#start")
        page.wait_for_selector("#hand button.card")
        assert page.locator("#table").is_visible()
        for _ in range(300):
            if page.locator("#showdown").is_visible():
                break
            page.wait_for_function(IDLE_AND_READY)  # decide on the page the last answer drew
            buttons = page.locator("#actions button")
            labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
            choice = next((i for i, t in enumerate(labels) if t.startswith(("Gin", "Knock", "Big gin"))), None)
            if choice is None:
                choice = next((i for i, t in enumerate(labels) if t.startswith(("Pass", "Draw from the stock", "Leave"))), None)
            if choice is not None:
                buttons.nth(choice).click()
            else:
                cards = page.locator("#hand .group.deadwood button.card:not([disabled])")
                if cards.count() == 0:
                    cards = page.locator("#hand button.card:not([disabled])")
                cards.last.click()
            page.wait_for_timeout(50)
        assert page.locator("#showdown").is_visible(), "no showdown after 300 clicks"
        page.wait_for_selector("#sheet table tr:nth-child(2)")
        assert page.locator("#sheet").inner_text().count("\n") >= 2
        text = page.locator("#showdown").inner_text()
        assert "Showdown" in text
        page.screenshot(path=str(shot), full_page=True)
    assert shot.exists() and shot.stat().st_size > 10_000


def test_keyboard_alone_at_phone_width(tmp_path: Path) -> None:
    with table_page(tmp_path / "data", 390, 844) as page:
        page.wait_for_selector("#rules option", state="attached")
        for _ in range(12):  # Tab through the form to the New game button
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "start":
                break
        assert page.evaluate("document.activeElement.id") == "start"
        page.keyboard.press("Enter")
        page.wait_for_selector("#hand button.card")
        for _ in range(12):  # pass or draw by key until a discard is wanted
            if page.locator("#hand button.card:not([disabled])").count():
                break
            # a computer may knock before the player's first discard: deal the next hand
            key = next((k for k in "nx" if page.locator(f'#actions button[data-key="{k}"]').count()), "s")
            page.keyboard.press(key)
            page.wait_for_function(IDLE)
        playable = page.locator("#hand button.card:not([disabled])")
        assert playable.count() > 0
        page.keyboard.press("h")  # the expert's hint, and why, with cards as the table shows them
        page.wait_for_function("() => document.querySelector('#hint-text').textContent.startsWith('Hint: ')")
        page.wait_for_function(IDLE)
        hint = page.locator("#hint-text").inner_text()
        searched = " deals" in hint or hint.startswith(("Hint: gin", "Hint: big gin"))  # gin: nothing to search
        assert searched and not re.search(r"\b[A2-9TJQK][shdc]\b", hint), hint
        before = page.locator("#pile-top").inner_text()
        played = playable.first.inner_text()
        playable.first.focus()
        page.keyboard.press("Enter")
        # The opponent may take that discard and knock with it, face down: the pile
        # top is then the old one again, and the showdown is on the table.
        page.wait_for_function(
            f"() => document.querySelector('#pile-top').innerText !== {before!r}"
            " || !document.querySelector('#showdown').hidden"
        )
        page.wait_for_function(IDLE)
        hand = page.locator("#hand button.card")
        assert played not in [hand.nth(i).inner_text() for i in range(hand.count())]
        wider = page.evaluate(WIDER_THAN_THE_SCREEN)
        assert wider == [], wider


def test_a_finished_hollywood_session_shows_its_three_games_and_its_winner(tmp_path: Path) -> None:
    from test_web import finished_hollywood_session

    from ginrummy import Hollywood
    from ginrummy.web._store import GameRecord, Store

    match = finished_hollywood_session()
    score = match.score
    assert isinstance(score, Hollywood) and score.winner is not None
    token = "b" * 32
    store = Store(tmp_path / "data")
    store.save(GameRecord(token, "easy", match, ("You", "Computer"), ()), new=True)
    store.close()
    with table_page(tmp_path / "data", 1100, 900) as page:
        page.evaluate(f"localStorage.setItem('ginrummy-token', '{token}')")
        page.reload()
        page.wait_for_selector("#sheet table.columns")
        sheet = page.locator("#sheet").inner_text()
        winner = ("You", "Computer")[score.winner]
        assert f"{winner} won the session: net worth {score.net_worths[score.winner]} over the three games." in sheet
        for number in (1, 2, 3):
            assert f"Game {number}: " in sheet
        assert page.locator("#sheet table.columns tr").count() == 4
        assert "won" in page.locator("#stats").inner_text()
        page.set_viewport_size({"width": 390, "height": 844})  # and at phone width, nothing sticks out
        assert page.evaluate(WIDER_THAN_THE_SCREEN) == []
