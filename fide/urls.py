from django.urls import path

from fide import views

urlpatterns = [
    path("upload/", views.upload, name="fide_upload"),
    path("imports/<slug:job_id>/", views.import_progress, name="fide_import_progress"),
    path("lookup/", views.lookup_players, name="fide_lookup"),
]
