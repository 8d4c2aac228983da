"""A page left open on a phone (360 px wide) stays true as a whole, not only its section: the
poll brings the header's facts too (htmx out-of-band swaps, ``public/_header_update.html``) —
the round in play once the arbiter publishes it, the tournament's new name — without a reload
and without a content-security-policy complaint; a page that is no more (its round undone)
says so and stops asking."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_live_view import csp_violations
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def round_one_finished(tournament: Tournament, make_entries, play, settings) -> Tournament:
    settings.TOURNAMENTS_POLL_SECONDS = 1
    make_entries(6)
    play(tournament, rounds=1)
    return tournament


@pytest.fixture(params=[360, 1200], ids=["phone", "desktop"])
def narrow_phone(browser, request) -> Iterator[Page]:
    """A phone 360 px wide, and a desktop."""
    phone = request.param < 600
    context = browser.new_context(
        viewport={"width": request.param, "height": 740}, is_mobile=phone, has_touch=phone
    )
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", ["standings/", "crosstable/", ""])
def test_the_header_of_a_page_left_open_follows_the_tournament(
    narrow_phone: Page, live_server, round_one_finished: Tournament, path: str
) -> None:
    t, phone = round_one_finished, narrow_phone
    violations = csp_violations(phone)
    phone.goto(f"{live_server.url}/tournaments/{t.pk}/{path}")
    facts = phone.locator("#tournament-facts")
    expect(facts.locator(".badge")).to_have_text("Running")
    phone.evaluate("window.notReloaded = true")

    services.publish_round(services.pair_next_round(t.pk).pk)
    expect(facts.locator(".badge")).to_have_text("Live: Round 2", timeout=10_000)
    renamed = Tournament.objects.get(pk=t.pk)
    renamed.name = "Autumn Open"
    renamed.save()
    expect(phone.locator("#tournament-name")).to_have_text("Autumn Open", timeout=10_000)
    expect(phone).to_have_title(re.compile(r"· Autumn Open · Swiss Manager$"))
    if path == "":
        expect(phone).to_have_title("Round 2 · Autumn Open · Swiss Manager")

    assert phone.evaluate("window.notReloaded") is True  # swapped in place
    assert phone.locator("[hx-swap-oob]").count() == 0  # taken out of the section, not shown
    assert phone.locator("h1").count() == 1 and facts.count() == 1
    width = phone.viewport_size["width"] if phone.viewport_size else 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= width  # nothing sideways
    assert violations == []


def test_a_page_left_open_on_a_round_undone_says_so_and_stops_asking(
    narrow_phone: Page, live_server, round_one_finished: Tournament
) -> None:
    t, phone = round_one_finished, narrow_phone
    services.publish_round(services.pair_next_round(t.pk).pk)
    polls: list[str] = []
    phone.on("request", lambda r: polls.append(r.url) if r.headers.get("hx-request") else None)
    phone.goto(f"{live_server.url}/tournaments/{t.pk}/?round=2")
    expect(phone.get_by_role("heading", name="Round 2 in play")).to_be_visible()

    services.undo_round(t.pk)
    expect(phone.get_by_text("This page is no longer there")).to_be_visible(timeout=10_000)
    expect(phone.get_by_role("heading", name="Round 2 in play")).to_have_count(0)
    asked = len(polls)
    phone.wait_for_timeout(2_500)  # more than two poll intervals
    assert asked and len(polls) == asked  # it polled, and polls no more
    phone.get_by_role("link", name="The tournament's pages").click()
    expect(phone.get_by_role("heading", name="Round 1", exact=False).first).to_be_visible()
