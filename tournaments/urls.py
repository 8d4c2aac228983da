"""URLs of the tournaments app. Public pages are read-only GETs; everything under
``manage``-style names needs the tournament's arbiter (see tests/test_security.py)."""

from django.urls import path

from tournaments.views import (
    arbiter,
    backup,
    constraints,
    events,
    players,
    printouts,
    receipts,
    rounds,
)

urlpatterns = [
    # Printouts (public, read-only; the public pages are in public/urls.py).
    path(
        "tournaments/<int:pk>/print/pairings/<int:number>/",
        printouts.print_pairings,
        name="print_pairings",
    ),
    path(
        "tournaments/<int:pk>/print/standings/", printouts.print_standings, name="print_standings"
    ),
    path(
        "tournaments/<int:pk>/print/crosstable/",
        printouts.print_crosstable,
        name="print_crosstable",
    ),
    # Arbiters: the tournament.
    path("tournaments/new/", arbiter.tournament_create, name="tournament_create"),
    path("tournaments/import/", arbiter.tournament_import_trf, name="tournament_import_trf"),
    path("tournaments/<int:pk>/manage/", arbiter.tournament_manage, name="tournament_manage"),
    path("tournaments/<int:pk>/edit/", arbiter.tournament_edit, name="tournament_edit"),
    path("tournaments/<int:pk>/archive/", arbiter.tournament_archive, name="tournament_archive"),
    path("tournaments/<int:pk>/delete/", arbiter.tournament_delete, name="tournament_delete"),
    path(
        "tournaments/<int:pk>/export.trf",
        arbiter.tournament_export_trf,
        name="tournament_export_trf",
    ),
    path("tournaments/restore/", backup.tournament_restore, name="tournament_restore"),
    path("tournaments/<int:pk>/backup.json", backup.tournament_backup, name="tournament_backup"),
    # Arbiters: players.
    path("tournaments/<int:pk>/manage/players/add/", players.entry_add, name="entry_add"),
    path(
        "tournaments/<int:pk>/manage/players/import/",
        players.entries_import,
        name="entries_import",
    ),
    path(
        "tournaments/<int:pk>/manage/players/<int:entry_pk>/",
        players.entry_edit,
        name="entry_edit",
    ),
    path(
        "tournaments/<int:pk>/manage/players/<int:entry_pk>/remove/",
        players.entry_remove,
        name="entry_remove",
    ),
    path(
        "tournaments/<int:pk>/manage/players/<int:entry_pk>/availability/",
        players.entry_availability,
        name="entry_availability",
    ),
    path(
        "tournaments/<int:pk>/manage/players/<int:entry_pk>/provisional-rating/",
        arbiter.entry_provisional_rating,
        name="entry_provisional_rating",
    ),
    # Arbiters: forbidden pairs and fixed boards.
    path(
        "tournaments/<int:pk>/manage/pairing-constraints/",
        constraints.pairing_constraints,
        name="pairing_constraints",
    ),
    path(
        "tournaments/<int:pk>/manage/forbidden-pairs/add/",
        constraints.forbidden_pair_add,
        name="forbidden_pair_add",
    ),
    path(
        "tournaments/<int:pk>/manage/forbidden-pairs/<int:pair_pk>/remove/",
        constraints.forbidden_pair_remove,
        name="forbidden_pair_remove",
    ),
    path(
        "tournaments/<int:pk>/manage/fixed-boards/",
        constraints.fixed_board_set,
        name="fixed_board_set",
    ),
    # Arbiters: rounds and results.
    path("tournaments/<int:pk>/manage/rounds/pair/", rounds.round_pair, name="round_pair"),
    path("tournaments/<int:pk>/manage/rounds/undo/", rounds.round_undo, name="round_undo"),
    path(
        "tournaments/<int:pk>/manage/rounds/pair-by-hand/",
        rounds.round_pair_by_hand,
        name="round_pair_by_hand",
    ),
    path(
        "tournaments/<int:pk>/manage/rounds/<int:number>/add-board/",
        rounds.round_add_board,
        name="round_add_board",
    ),
    path(
        "tournaments/<int:pk>/manage/rounds/<int:number>/remove-board/",
        rounds.round_remove_board,
        name="round_remove_board",
    ),
    path(
        "tournaments/<int:pk>/manage/rounds/<int:number>/bye/",
        rounds.round_set_bye,
        name="round_set_bye",
    ),
    path(
        "tournaments/<int:pk>/manage/rounds/<int:number>/",
        rounds.round_manage,
        name="round_manage",
    ),
    path(
        "tournaments/<int:pk>/manage/rounds/<int:number>/exchange/",
        rounds.round_exchange,
        name="round_exchange",
    ),
    path(
        "tournaments/<int:pk>/manage/rounds/<int:number>/swap-colours/",
        rounds.round_swap_colours,
        name="round_swap_colours",
    ),
    path(
        "tournaments/<int:pk>/manage/rounds/<int:number>/publish/",
        rounds.round_publish,
        name="round_publish",
    ),
    path(
        "tournaments/<int:pk>/manage/rounds/<int:number>/slips/",
        printouts.print_slips,
        name="print_slips",
    ),
    path(
        "tournaments/<int:pk>/manage/games/<int:game_pk>/result/",
        rounds.game_result,
        name="game_result",
    ),
    # Pairing receipts (public once published) and the arbiter's what-if preview (issue 15).
    path(
        "tournaments/<int:pk>/rounds/<int:number>/receipt.json",
        receipts.round_receipt,
        name="round_receipt",
    ),
    path(
        "tournaments/<int:pk>/manage/rounds/<int:number>/what-if/",
        receipts.round_what_if,
        name="round_what_if",
    ),
    # Events with several sections (public page; the arbiters' pages).
    path("events/<int:pk>/", events.event_detail, name="event_detail"),
    path("events/new/", events.event_create, name="event_create"),
    path("events/<int:pk>/edit/", events.event_edit, name="event_edit"),
    path("events/<int:pk>/manage/", events.event_manage, name="event_manage"),
    path("events/<int:pk>/manage/sections/add/", events.section_add, name="section_add"),
    path("events/<int:pk>/manage/move/", events.entry_move, name="entry_move"),
]
