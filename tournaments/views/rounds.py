"""Rounds: pair, adjust the draft, publish, enter results, undo.

``round_manage.html`` has four swappable regions: ``#draft`` (the draft and its warnings),
``#round-status`` (progress: its inside is refreshed when a result is saved, so that the element
that listens stays), ``#results`` (a page of the boards, issue 27) and one ``<tr id="game-N">``
per board (partial ``game_row``). The boards of a draft or a round are shown ``PER_PAGE`` at a
time (``?page=N``; a change to the draft is posted with its page); the draft's players not
paired too, with their own pages (``?unpaired=N``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from tournaments import corrections, draft_review, drafts, receipts, services, whatif
from tournaments.dashboard import Dashboard
from tournaments.errors import ArbiterError, ConfirmationNeeded
from tournaments.models import Game, Round, Tournament
from tournaments.round_forms import (
    SELECT_LIMIT,
    AddBoardForm,
    ByeForm,
    ExchangeForm,
    PairByHandForm,
    ResultForm,
    SwapColoursForm,
    WhatIfForm,
)
from tournaments.views.access import (
    HtmxHttpRequest,
    _get_tournament_for_arbiter,
    confirm_page,
    htmx_target,
)
from tournaments.views.paging import PER_PAGE, asked_page, kept, page_holding, page_of

TEMPLATE = "tournaments/round_manage.html"
REASON_LENGTH = 500
"""The longest reason for a change the round's receipt keeps."""
SECTIONS = ("draft", "unpaired", "round-status", "results")
UNPAIRED = "unpaired"
"""The query parameter of the page of the draft's players not paired."""
RESULT_BUTTONS = [
    ("1-0", "1–0", "White wins (key 1)"),
    ("1/2-1/2", "½", "Draw (key =)"),
    ("0-1", "0–1", "Black wins (key 0)"),
    ("+-", "+/−", "White wins by forfeit (key +)"),
    ("-+", "−/+", "Black wins by forfeit (key -)"),
    ("--", "−/−", "Double forfeit"),
]
OTHER_RESULTS = [
    (value, label)
    for value, label in Game.Result.choices
    if value not in {b[0] for b in RESULT_BUTTONS}
]


def _context(
    tournament: Tournament, number: int, page: str = "1", unpaired: str = "1", **extra: Any
) -> dict[str, Any]:
    board = Dashboard.load(tournament)
    rnd = board.round(number)
    if rnd is None:
        raise Http404("No such round.")
    games = board.games(number)
    context: dict[str, Any] = {"tournament": tournament, "board": board, "round": rnd}
    context |= {"byes": board.bye_lines(number), "buttons": RESULT_BUTTONS, "others": OTHER_RESULTS}
    context["label"] = tournament.round_label(number)
    context |= {"games": games, "done": sum(g.has_result for g in games), "total": len(games)}
    context["games_page"] = page_of(games, page)
    if rnd.status == Round.Status.DRAFT:
        context |= _draft_context(board, number, page, unpaired)
    draft = rnd.status == Round.Status.DRAFT
    # Issue 15: the receipt, the what-if form. Issue 27: computed when the template shows
    # them (a region swapped by htmx, e.g. a page of results, shows neither).
    receipt = cache(lambda: False if draft else receipts.published_receipt(tournament, number))
    if not draft:
        context["receipt"] = receipt
        context["what_if_form"] = cache(lambda: what_if_form(board.snap, page=page))
    first = board.first_leg(number)

    def corrected() -> list[str]:
        # the state before the round: the draft's own (issue 27: not computed twice)
        before = board.draft(first).state if draft else board.snap.state(first - 1)
        return corrections.corrections(tournament, first, before, receipt())

    # Issue 24: results corrected since the round was paired. Computed when the template
    # shows them, once (issue 27: a page of boards or the what-if alone does not).
    context["corrected"] = cache(corrected)
    return context | extra


def _draft_context(board: Dashboard, number: int, page: str, unpaired: str) -> dict[str, Any]:
    """The draft of round ``number``: a page of its boards reviewed (issue 27: reviewing
    5,000 boards took seconds), its warnings, who is unpaired (a page of them named), who does
    not play."""
    tournament, first = board.tournament, board.first_leg(number)
    draft = board.draft(first)
    # Issue 27: the rules are checked once (it was three times a page), and only when the
    # template shows them, as the review and the lists below (the region of the players not
    # paired, swapped by htmx, shows none of them).
    violations = cache(lambda: draft.violations)
    context: dict[str, Any] = {"draft": draft, "violations": violations, "first_leg": first}
    # Issue 27: a draft paired by hand from no board breaks "not paired" 10,000 times.
    context["violations_shown"] = cache(lambda: violations()[:PER_PAGE])
    context["violations_more"] = cache(lambda: max(len(violations()) - PER_PAGE, 0))
    context["draft_row"] = board.round(first)  # a stale tab publishes nothing (issue 24)
    context["virtual"] = draft.virtual_points
    boards = page_of(range(1, len(draft.pairing.boards) + 1), page)
    context["unpaired"] = waiting_list = board.unpaired(first)
    waiting = page_of(waiting_list, unpaired)
    context |= {"boards_page": boards, "page_field": _page_field(boards.number, waiting.number)}
    context |= {"unpaired_page": waiting, "unpaired_param": UNPAIRED}
    # Each list's links keep the other list's page (with htmx the draft's region holds both)
    context["unpaired_kept"] = kept(QueryDict(f"page={boards.number}"), UNPAIRED)
    context["boards_kept"] = kept(QueryDict(f"{UNPAIRED}={waiting.number}"), "page")
    context["review"] = cache(
        lambda: draft_review.review_draft(
            draft,
            tournament.engine_system,
            tournament.dutch_edition,
            range(boards.start_index(), boards.end_index() + 1),
        )
    )
    context["on_boards"] = cache(lambda: board.on_boards(first) if draft.pairing.bye else [])
    context["not_playing"] = cache(lambda: board.not_playing(first))
    context["select_limit"] = SELECT_LIMIT
    return context


def _page_field(number: int, unpaired: int) -> SafeString:
    """The page a change to the draft is posted from (and the page of its players not paired),
    to show that page again."""
    return format_html(
        '<input type="hidden" name="page" value="{}"><input type="hidden" name="{}" value="{}">',
        number,
        UNPAIRED,
        unpaired,
    )


def what_if_form(snap: whatif.Snapshot, data: Any = None, page: Any = None) -> WhatIfForm | None:
    """The what-if form for the games in play (bound to ``data``), when a round follows. More
    games in play than a page of boards: results are typed for the games of the page of
    boards ``page`` only (issue 27)."""
    games = whatif.games_in_play(snap)
    if not games or not whatif.next_round_exists(snap):
        return None
    shown = None
    if len(games) > PER_PAGE:
        boards = page_of(range(1, max(g.board for g in games) + 1), page)
        numbers = range(boards.start_index(), boards.end_index() + 1)
        shown = [g for g in games if g.board in numbers]
    return WhatIfForm(data, games=games, choices=whatif.RESULT_CHOICES, shown=shown)


def _round_page(
    request: HtmxHttpRequest, tournament: Tournament, number: int, **extra: Any
) -> HttpResponse:
    unpaired = asked_page(request, UNPAIRED)
    context = _context(tournament, number, asked_page(request), unpaired, **extra)
    target = htmx_target(request)
    if target in SECTIONS:
        return render(request, f"{TEMPLATE}#{target}", context)
    game = next((g for g in context["games"] if target == f"game-{g.pk}"), None)
    if game is not None:  # a board's row again (a cancelled correction)
        return render(request, f"{TEMPLATE}#game_row", context | {"game": game})
    return render(request, TEMPLATE, context)


@login_required
@require_POST
def round_pair(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Pair the next round: one POST, one transaction, the tournament row locked."""
    tournament = _get_tournament_for_arbiter(request, pk)
    raw = request.POST.get("round", "")
    try:
        expected = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 5 else None
        rnd = services.pair_next_round(tournament.pk, expected)
    except ArbiterError as e:
        messages.error(request, str(e))
        return redirect("tournament_manage", tournament.pk)
    messages.success(
        request,
        f"{tournament.round_label(rnd.number)} paired as a draft: check it, adjust it if "
        f"needed, then publish it.",
    )
    return redirect("round_manage", tournament.pk, rnd.number)


@login_required
@require_POST
def round_pair_by_hand(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The next round as a draft to pair by hand: a suggested pairing, or no board."""
    tournament = _get_tournament_for_arbiter(request, pk)
    form = PairByHandForm(request.POST)
    try:
        if not form.is_valid():
            raise ArbiterError("Choose how to start the pairing.")
        data = form.cleaned_data
        rnd = services.pair_next_round(
            tournament.pk, data["round"], by_hand=data["start"], reason=data["reason"]
        )
    except ArbiterError as e:
        messages.error(request, str(e))
        return redirect("tournament_manage", tournament.pk)
    messages.success(
        request,
        f"{tournament.round_label(rnd.number).removesuffix(', game 1')} is a draft to pair by "
        f"hand: add, remove and "
        f"exchange boards, give the bye, then publish it.",
    )
    return redirect("round_manage", tournament.pk, rnd.number)


@login_required
@require_safe
def round_manage(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """The draft (adjust, publish, undo) or the result entry of a round."""
    tournament = _get_tournament_for_arbiter(request, pk)
    return _round_page(request, tournament, number)


def _change(
    request: HtmxHttpRequest,
    tournament: Tournament,
    number: int,
    change: Callable[[bool, str], drafts.DraftChange],
    fields: dict[str, Any],
) -> HttpResponse:
    """Apply a draft change (``change(confirm, reason)``); broken rules come back to be
    confirmed, with the reason the round's receipt keeps."""
    confirm = request.POST.get("confirm") == "1"
    reason = " ".join(request.POST.get("reason", "").split())[:REASON_LENGTH]
    try:
        outcome = change(confirm, reason)
    except ArbiterError as e:
        return _after_change(request, tournament, number, problem=str(e))
    if not outcome.applied:
        pending: dict[str, Any] = {"action": request.path, "fields": fields, "reason": reason}
        pending |= {"broken": outcome.broken, "reason_missing": outcome.reason_missing}
        return _after_change(request, tournament, number, pending=pending)
    return _after_change(request, tournament, number, changed=True)


def _reload(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """The whole page at ``url``, also for an htmx request (a stale section cannot be
    swapped)."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _after_change(
    request: HtmxHttpRequest, tournament: Tournament, number: int, **extra: Any
) -> HttpResponse:
    rnd = tournament.round_set.filter(number=number).first()
    if rnd is None or rnd.status != Round.Status.DRAFT:  # a stale tab: published or undone
        messages.error(request, extra.get("problem") or "This draft no longer exists.")
        if rnd is None:
            return _reload(request, reverse("tournament_manage", args=[tournament.pk]))
        return _reload(request, reverse("round_manage", args=[tournament.pk, number]))
    if request.htmx or extra.get("pending"):
        unpaired = asked_page(request, UNPAIRED)
        context = _context(tournament, number, asked_page(request), unpaired, **extra)
        template = f"{TEMPLATE}#draft" if request.htmx else TEMPLATE
        return render(request, template, context)
    if extra.get("problem"):
        messages.error(request, extra["problem"])
    if extra.get("changed"):  # what htmx's partial says inline, said after the redirect
        messages.success(request, "Pairing changed.")
    pages = {"page": asked_page(request), UNPAIRED: asked_page(request, UNPAIRED)}
    shown = {k: v for k, v in pages.items() if v.isdigit() and v != "1"}
    query = f"?{urlencode(shown)}" if shown else ""
    return redirect(reverse("round_manage", args=[tournament.pk, number]) + query)


def _edit_draft(
    request: HtmxHttpRequest,
    pk: int,
    number: int,
    form_class: type[forms.Form],
    problem: str,
    edit: Callable[..., drafts.DraftChange],
) -> HttpResponse:
    """Validate ``form_class`` and apply ``edit(tournament_id, number, *fields, confirm,
    reason)`` with its fields (in the form's order) to the draft of round ``number``."""
    tournament = _get_tournament_for_arbiter(request, pk)
    form = form_class(request.POST)
    if not form.is_valid():
        return _after_change(request, tournament, number, problem=problem)
    fields = {k: v for k, v in form.cleaned_data.items() if k != "confirm"}
    return _change(
        request,
        tournament,
        number,
        lambda confirm, reason: edit(tournament.pk, number, *fields.values(), confirm, reason),
        {k: "" if v is None else v for k, v in fields.items()},
    )


@login_required
@require_POST
def round_exchange(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Two players of the draft trade places (a board, a colour or the bye)."""
    problem = "Choose two players."
    return _edit_draft(request, pk, number, ExchangeForm, problem, drafts.exchange_in_draft)


@login_required
@require_POST
def round_swap_colours(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """The two players of a board of the draft change colours."""
    problem = "Choose a board."
    return _edit_draft(request, pk, number, SwapColoursForm, problem, drafts.swap_colours_in_draft)


@login_required
@require_POST
def round_add_board(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Pair two unpaired players of the draft on a new board (by hand)."""
    problem = "Choose two players."
    return _edit_draft(request, pk, number, AddBoardForm, problem, drafts.add_board)


@login_required
@require_POST
def round_remove_board(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Take a board out of the draft; its players wait to be paired again."""
    problem = "Choose a board."
    return _edit_draft(request, pk, number, SwapColoursForm, problem, drafts.remove_board)


@login_required
@require_POST
def round_set_bye(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Give the draft's pairing-allocated bye to an unpaired player, or take it back."""
    problem = "Choose a player."
    return _edit_draft(request, pk, number, ByeForm, problem, drafts.set_bye)


@login_required
@require_POST
def round_publish(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = _get_tournament_for_arbiter(request, pk)
    try:
        services.publish_draft(tournament.pk, number, request.POST.get("draft", ""))
    except ArbiterError as e:  # a stale tab too: deleted, paired again or published
        messages.error(request, str(e))
        if not tournament.round_set.filter(number=number).exists():
            return redirect("tournament_manage", tournament.pk)
    else:
        messages.success(
            request,
            f"{tournament.round_label(number)} published: players see it now. Enter the "
            f"results as the games finish.",
        )
    return redirect("round_manage", tournament.pk, number)


@login_required
@require_POST
def round_pair_again(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Delete the draft and pair the round again with the corrected results."""
    tournament = _get_tournament_for_arbiter(request, pk)
    try:
        rnd = services.pair_again(tournament.pk, number)
    except ArbiterError as e:
        messages.error(request, str(e))
        if not tournament.round_set.filter(number=number).exists():
            return redirect("tournament_manage", tournament.pk)
        return redirect("round_manage", tournament.pk, number)
    messages.success(
        request,
        f"{tournament.round_label(rnd.number)} paired again with the corrected results: "
        f"check the draft, then publish it.",
    )
    return redirect("round_manage", tournament.pk, rnd.number)


@login_required
@require_http_methods(["GET", "POST"])
def round_undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Delete the last round's pairing, if it has no result yet: a page asks first."""
    tournament = _get_tournament_for_arbiter(request, pk)
    try:
        if request.method == "POST" and request.POST.get("confirm") == "1":
            number = services.undo_round(tournament.pk)
            messages.success(
                request, f"The pairing of {tournament.round_label(number)} is deleted."
            )
            return redirect("tournament_manage", tournament.pk)
        rnd = services.undoable_round(tournament)
    except ArbiterError as e:
        messages.error(request, str(e))
        return redirect("tournament_manage", tournament.pk)
    label = tournament.round_label(rnd.number).removesuffix(", game 1").removesuffix(", game 2")
    question = f"Delete the pairing of {label}?"
    details = [
        "Its boards and its pairing-allocated bye are deleted; players no longer see it.",
        "Byes and withdrawals can then be changed and the round paired again.",
    ]
    return confirm_page(request, tournament, question, details, "Delete the pairing")


@login_required
@require_POST
def game_result(request: HtmxHttpRequest, pk: int, game_pk: int) -> HttpResponse:
    """A board's result; htmx gets the row back. A finished round's result needs a
    confirmation."""
    tournament = _get_tournament_for_arbiter(request, pk)
    game = Game.objects.select_related("round").filter(pk=game_pk).first()
    if game is None:  # a stale tab: the round's pairing was deleted
        return _board_gone(request, tournament)
    if game.round.tournament_id != tournament.pk:
        raise Http404("No such board in this tournament.")
    form = ResultForm(request.POST)
    extra: dict[str, Any] = {}
    if not form.is_valid():
        extra["problem"] = "Unknown result."
    else:
        result, confirm = form.cleaned_data["result"], form.cleaned_data["confirm"]
        try:
            services.set_result(game.pk, result, confirm)
        except ConfirmationNeeded as e:
            extra["confirm"] = {"game": game.pk, "result": result, "message": str(e)}
        except ArbiterError as e:
            extra["problem"] = str(e)
    return _result_response(request, tournament, game, extra)


def _board_gone(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """A result for a board that no longer exists (a stale tab): say so on the dashboard."""
    messages.error(
        request,
        "This board no longer exists: its round's pairing was deleted. The result was not "
        "saved; here is the tournament as it is now.",
    )
    return _reload(request, reverse("tournament_manage", args=[tournament.pk]))


def _result_response(
    request: HtmxHttpRequest, tournament: Tournament, game: Game, extra: dict[str, Any]
) -> HttpResponse:
    number = game.round.number
    if not Game.objects.filter(pk=game.pk).exists():  # the round was undone meanwhile
        return _board_gone(request, tournament)
    if request.htmx:
        game = Game.objects.select_related("round", "white", "black").get(pk=game.pk)
        context = {"tournament": tournament, "game": game, "buttons": RESULT_BUTTONS}
        context |= {"others": OTHER_RESULTS, "round": game.round, **extra}
        response = render(request, f"{TEMPLATE}#game_row", context)
        if not extra:
            response["HX-Trigger"] = "result-saved"
        return response
    page = page_holding(game.board - 1)  # boards are numbered 1, 2, ...
    if "confirm" in extra:
        return render(request, TEMPLATE, _context(tournament, number, str(page), **extra))
    if "problem" in extra:
        messages.error(request, extra["problem"])
    query = f"?page={page}" if page > 1 else ""
    url = reverse("round_manage", args=[tournament.pk, number])
    return redirect(f"{url}{query}#game-{game.pk}")
