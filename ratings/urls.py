"""URLs of the ratings app (included at ``/ratings/``)."""

from django.urls import path

from ratings import views

urlpatterns = [
    path("", views.rating_list, name="rating_list"),
    path("players/<int:player_id>/", views.rating_history, name="rating_history"),
    path("events/<int:tournament_id>/", views.rating_report, name="rating_report"),
    path("events/<int:tournament_id>/rate/", views.rate_tournament, name="rate_tournament"),
    path("events/<int:tournament_id>/rerate/", views.rerate_tournament, name="rerate_tournament"),
]
