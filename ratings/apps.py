from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "USCF ratings"

    def ready(self) -> None:
        from ratings import checks  # noqa: F401  (registers the system check)
