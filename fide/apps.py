from django.apps import AppConfig


class FideConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "fide"
    verbose_name = "FIDE rating list"
