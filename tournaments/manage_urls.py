"""URLs of the arbiter's pages, all under ``/manage/`` (config/urls.py): each needs the
tournament's arbiter, creating one the Arbiters group (tests/test_security.py
checks every URL name)."""

from django.urls import path

from tournaments.views import (
    arbiter,
    backup,
    constraints,
    fide,
    players,
    printouts,
    receipts,
    rounds,
)

urlpatterns = [
    path("tournaments/new/", arbiter.tournament_create, name="tournament_create"),
    path("tournaments/import/", arbiter.tournament_import_trf, name="tournament_import_trf"),
    path("tournaments/<int:pk>/", arbiter.tournament_manage, name="tournament_manage"),
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
    path("tournaments/<int:pk>/players/add/", players.entry_add, name="entry_add"),
    path(
        "tournaments/<int:pk>/players/import/",
        players.entries_import,
        name="entries_import",
    ),
    path(
        "tournaments/<int:pk>/players/fide/",
        fide.entry_pick_fide,
        name="entry_pick_fide",
    ),
    path(
        "tournaments/<int:pk>/players/fide-ratings/",
        fide.fide_ratings_update,
        name="fide_ratings_update",
    ),
    path("tournaments/<int:pk>/norms/settings/", fide.norm_settings, name="norm_settings"),
    path(
        "tournaments/<int:pk>/players/<int:entry_pk>/",
        players.entry_edit,
        name="entry_edit",
    ),
    path(
        "tournaments/<int:pk>/players/<int:entry_pk>/remove/",
        players.entry_remove,
        name="entry_remove",
    ),
    path(
        "tournaments/<int:pk>/players/<int:entry_pk>/availability/",
        players.entry_availability,
        name="entry_availability",
    ),
    path(
        "tournaments/<int:pk>/players/<int:entry_pk>/provisional-rating/",
        arbiter.entry_provisional_rating,
        name="entry_provisional_rating",
    ),
    path(
        "tournaments/<int:pk>/pairing-constraints/",
        constraints.pairing_constraints,
        name="pairing_constraints",
    ),
    path(
        "tournaments/<int:pk>/forbidden-pairs/add/",
        constraints.forbidden_pair_add,
        name="forbidden_pair_add",
    ),
    path(
        "tournaments/<int:pk>/forbidden-pairs/<int:pair_pk>/remove/",
        constraints.forbidden_pair_remove,
        name="forbidden_pair_remove",
    ),
    path(
        "tournaments/<int:pk>/fixed-boards/",
        constraints.fixed_board_set,
        name="fixed_board_set",
    ),
    path("tournaments/<int:pk>/rounds/pair/", rounds.round_pair, name="round_pair"),
    path("tournaments/<int:pk>/rounds/undo/", rounds.round_undo, name="round_undo"),
    path(
        "tournaments/<int:pk>/rounds/pair-by-hand/",
        rounds.round_pair_by_hand,
        name="round_pair_by_hand",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/add-board/",
        rounds.round_add_board,
        name="round_add_board",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/remove-board/",
        rounds.round_remove_board,
        name="round_remove_board",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/bye/",
        rounds.round_set_bye,
        name="round_set_bye",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/",
        rounds.round_manage,
        name="round_manage",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/exchange/",
        rounds.round_exchange,
        name="round_exchange",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/swap-colours/",
        rounds.round_swap_colours,
        name="round_swap_colours",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/pair-again/",
        rounds.round_pair_again,
        name="round_pair_again",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/publish/",
        rounds.round_publish,
        name="round_publish",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/slips/",
        printouts.print_slips,
        name="print_slips",
    ),
    path(
        "tournaments/<int:pk>/print/norms/",
        printouts.print_norms,
        name="print_norms",
    ),
    path(
        "tournaments/<int:pk>/games/<int:game_pk>/result/",
        rounds.game_result,
        name="game_result",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/what-if/",
        receipts.round_what_if,
        name="round_what_if",
    ),
]
