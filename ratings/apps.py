from django.apps import AppConfig
from django.db.models.signals import post_migrate


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "USCF ratings"

    def ready(self) -> None:
        from ratings import checks, signals  # noqa: F401  (the system check, the receivers)
        from ratings.groups import on_post_migrate

        post_migrate.connect(on_post_migrate, sender=self, dispatch_uid="ratings_officers")
