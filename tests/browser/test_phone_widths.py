"""Phones at 390 px and 360 px (issue 24 item 8): nothing is cut — the player page's Result
and Score columns, the player list's board column, the arbiter's result buttons — and the
logged-in menu stays compact."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from players.models import Player
from tests.browser.conftest import log_in
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = (390, 360)

# What is cut: an element wider than what shows it (a table scrolled sideways, a cell whose
# text ends in an ellipsis), or outside the window.
CUT = """() => {
  const out = [];
  const w = window.innerWidth;
  const doc = document.documentElement;
  if (doc.scrollWidth > w) out.push(`page ${doc.scrollWidth}`);
  for (const t of document.querySelectorAll('main table')) {
    const box = t.parentElement;
    if (box.scrollWidth > box.clientWidth + 1)
      out.push(`table ${t.className || t.id} ${box.scrollWidth}>${box.clientWidth}`);
  }
  for (const c of document.querySelectorAll('main th, main td')) {
    if (c.scrollWidth > c.clientWidth + 1 && getComputedStyle(c).overflow !== 'visible')
      out.push(`cell ${c.textContent.trim().slice(0, 20)}`);
  }
  for (const b of document.querySelectorAll('main button, main .button')) {
    const r = b.getBoundingClientRect();
    if (r.width && (r.left < 0 || r.right > w))
      out.push(`button ${b.textContent.trim().slice(0, 20)} ${r.right}`);
  }
  return out;
}"""


VISIBLE_TEXTS = "els => els.filter(e => e.getClientRects().length).map(e => e.innerText)"
"""The texts of the elements shown (not ``display: none``)."""
SUB = "e => getComputedStyle(e, '::after').content"
"""What the standings show under a player's name on a phone (federation · rating)."""


def cut(page: Page) -> list[str]:
    return page.evaluate(CUT)


@pytest.fixture
def weekend(tournament: Tournament, make_entries, play) -> Tournament:
    entries = make_entries(12)
    # A long name, as a real field has (the columns must still fit).
    long = Player.objects.create(name="Vasquez-Montenegro, Maria-Fernanda", fide_rating=1500)
    Entry.objects.create(tournament=tournament, player=long, pairing_number=13, rating=1500)
    assert entries
    play(tournament, [["1-0", "1/2-1/2", "0-1", "1-0", "0-1", "1/2-1/2"]] * 2 + [["1-0"]])
    return tournament


@pytest.mark.parametrize("width", WIDTHS)
def test_public_pages_cut_nothing(browser, live_server, weekend: Tournament, width) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    base, t = live_server.url, weekend
    long = t.entries.get(pairing_number=13)
    for path in (
        f"/tournaments/{t.pk}/",
        f"/tournaments/{t.pk}/players/",
        f"/tournaments/{t.pk}/players/{long.pk}/",
    ):
        page.goto(base + path)
        assert cut(page) == [], (width, path)
    context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_arbiter_pages_cut_nothing(browser, live_server, weekend: Tournament, width) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    base, t = live_server.url, weekend
    log_in(page, base, "arbiter")
    # The logged-in menu: at most a tenth of the screen's height.
    menu = page.locator("header").bounding_box()
    assert menu is not None and menu["height"] <= 80, menu
    page.goto(f"{base}/manage/tournaments/{t.pk}/rounds/3/")
    assert cut(page) == [], width
    page.goto(f"{base}/manage/tournaments/{t.pk}/")
    assert cut(page) == [], width
    context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_standings_cut_nothing(browser, live_server, weekend: Tournament, width) -> None:
    """The widest standings: five tie-breaks and the FIDE columns (Rp, Rtg ±). On a phone the
    federation and rating stack under the name; the rest is left to wider screens, and the
    note under the table says so."""
    weekend.fide_rated = True
    weekend.save()
    context = browser.new_context(
        viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/tournaments/{weekend.pk}/standings/")
    assert page.locator("table.standings tbody tr").count() == 13
    assert cut(page) == [], width
    header = page.locator("table.standings thead th")
    shown = header.evaluate_all(VISIBLE_TEXTS)
    assert shown == ["Rk", "Name", "Pts", "BH-C1", "BH", "SB"], shown
    long = page.locator("table.standings td.player", has_text="Vasquez-Montenegro")
    assert long.evaluate(SUB) == '"1500"'  # stacked under the name
    note = page.locator("#narrow-columns")
    assert note.is_visible() and "Turn the phone sideways for all the columns" in note.inner_text()
    page.set_viewport_size({"width": 1366, "height": 800})  # a wide screen: every column
    shown = header.evaluate_all(VISIBLE_TEXTS)
    assert shown[:5] == ["Rk", "Name", "Fed", "Rtg", "Pts"] and shown[-2:] == ["Rp", "Rtg ±"]
    assert not note.is_visible() and long.evaluate(SUB) == "none"
    context.close()
