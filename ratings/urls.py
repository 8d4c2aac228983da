"""URLs of the ratings app (included at ``/ratings/``)."""

from django.urls import path

from ratings import views

urlpatterns = [
    path("", views.rating_list, name="rating_list"),
    path("players/<int:player_id>/", views.rating_history, name="rating_history"),
    path("events/<int:tournament_id>/", views.rating_report, name="rating_report"),
    path("events/<int:tournament_id>/rate/", views.rate_tournament, name="rate_tournament"),
    path("events/<int:tournament_id>/rerate/", views.rerate_tournament, name="rerate_tournament"),
    # Events with sections (tournaments.Event): US Chess supplement, registration, report.
    path("uscf/events/<int:event_id>/", views.event_ratings, name="event_ratings"),
    path("uscf/events/<int:event_id>/manage/", views.event_uscf, name="event_uscf"),
    path(
        "uscf/events/<int:event_id>/supplement/",
        views.supplement_import,
        name="supplement_import",
    ),
    path("uscf/events/<int:event_id>/register/", views.register_by_id, name="register_by_id"),
    path("uscf/events/<int:event_id>/rate/", views.rate_event_sections, name="rate_event_sections"),
    path("uscf/events/<int:event_id>/report.zip", views.uscf_report, name="uscf_report"),
]
