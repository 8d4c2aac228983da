"""URLs of the tournaments app that anyone may open, at the paths printed QR codes and
phones point to: the printouts and a round's receipt (read-only GETs). The arbiter's pages
are in :mod:`tournaments.manage_urls`, under ``/manage/``."""

from django.urls import path

from tournaments.views import (
    printouts,
    receipts,
)

urlpatterns = [
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
    path(
        "tournaments/<int:pk>/rounds/<int:number>/receipt.json",
        receipts.round_receipt,
        name="round_receipt",
    ),
]
