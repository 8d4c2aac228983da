"""URLs of the ratings app."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
