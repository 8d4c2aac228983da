"""URLs of the ratings app (included at ``/ratings/``), the US Chess events' pages among them
(an event's public page stays at ``/events/<pk>/``, public/urls.py)."""

from django.urls import path

from ratings import event_views, paper_views, views

urlpatterns = [
    path("", views.rating_list, name="rating_list"),
    path("players/<int:player_id>/", views.rating_history, name="rating_history"),
    path("events/<int:tournament_id>/", views.rating_report, name="rating_report"),
    path("events/<int:tournament_id>/submit/", views.submit_rating, name="submit_rating"),
    path(
        "events/<int:tournament_id>/submit-rerating/",
        views.submit_rerating,
        name="submit_rerating",
    ),
    # Rating officers: the events submitted for rating.
    path("requests/", views.rating_requests, name="rating_requests"),
    path("requests/<int:request_id>/", views.rating_request, name="rating_request"),
    path(
        "requests/<int:request_id>/apply/",
        views.apply_rating_request,
        name="apply_rating_request",
    ),
    path(
        "requests/<int:request_id>/reject/",
        views.reject_rating_request,
        name="reject_rating_request",
    ),
    path("supplement/", views.official_supplement, name="official_supplement"),
    # Events with sections (tournaments.Event): US Chess supplement, registration, report.
    path("uscf/events/<int:event_id>/", views.event_ratings, name="event_ratings"),
    path("uscf/events/<int:event_id>/manage/", views.event_uscf, name="event_uscf"),
    path(
        "uscf/events/<int:event_id>/supplement/",
        views.supplement_import,
        name="supplement_import",
    ),
    path("uscf/events/<int:event_id>/register/", views.register_by_id, name="register_by_id"),
    path(
        "uscf/events/<int:event_id>/submit/",
        views.submit_event_ratings,
        name="submit_event_ratings",
    ),
    path("uscf/events/<int:event_id>/report.zip", views.uscf_report, name="uscf_report"),
    # A multi-section event: its arbiters' pages.
    path("uscf/events/new/", event_views.event_create, name="event_create"),
    path("uscf/events/<int:pk>/edit/", event_views.event_edit, name="event_edit"),
    path("uscf/events/<int:pk>/sections/", event_views.event_manage, name="event_manage"),
    path("uscf/events/<int:pk>/sections/add/", event_views.section_add, name="section_add"),
    path("uscf/events/<int:pk>/move/", event_views.entry_move, name="entry_move"),
    # A section's prizes (rule 32) and TD papers.
    path("uscf/sections/<int:pk>/prize-fund/", paper_views.prize_fund, name="prize_fund"),
    path("uscf/sections/<int:pk>/prizes/", paper_views.prize_list, name="prize_list"),
    path("uscf/sections/<int:pk>/wall-chart/", paper_views.wall_chart, name="wall_chart"),
    path("uscf/sections/<int:pk>/pairing-cards/", paper_views.pairing_cards, name="pairing_cards"),
    path(
        "uscf/events/<int:pk>/sections/<int:section_id>/quads/",
        event_views.section_quads,
        name="section_quads",
    ),
]
