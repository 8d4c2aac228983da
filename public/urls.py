"""URLs of the public pages: read-only GETs, at the paths printed QR codes and phones point to
(tests/test_security.py checks that none of them shows a draft or a birth date)."""

from django.urls import path

from public import views
from ratings import event_views

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament_detail"),
    path(
        "tournaments/<int:pk>/standings/",
        views.tournament_standings,
        name="tournament_standings",
    ),
    path(
        "tournaments/<int:pk>/crosstable/",
        views.tournament_crosstable,
        name="tournament_crosstable",
    ),
    path("tournaments/<int:pk>/players/", views.tournament_players, name="tournament_players"),
    path(
        "tournaments/<int:pk>/players/<int:entry_pk>/",
        views.entry_detail,
        name="entry_detail",
    ),
    path("events/<int:pk>/", event_views.event_detail, name="event_detail"),
]
