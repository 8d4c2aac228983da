from django.apps import AppConfig
from django.db.models.signals import post_migrate


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from tournaments import signals  # noqa: F401  (connects the receivers)
        from tournaments.roles import on_post_migrate

        post_migrate.connect(on_post_migrate, sender=self, dispatch_uid="tournaments_arbiters")
