"""URLs of the ratings app (included at ``/ratings/``)."""

from django.urls import path

from ratings import views

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
]
