"""URLs of the tournaments app."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("tournaments/new/", views.tournament_create, name="tournament_create"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament_detail"),
]
