"""Issue 14 follow-ups: events are rated through a reviewed step (``RatingRequest``: an
arbiter submits, a rating officer applies or rejects); rating officers get that permission and
may view the imported US Chess supplement and the events."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


GROUP = "Rating officers"

PERMISSIONS = [
    (
        "ratings",
        "ratingrequest",
        "apply_rating",
        "Can apply or reject an event submitted for rating",
    ),
    ("ratings", "ratingrequest", "view_ratingrequest", "Can view rating request"),
    ("ratings", "uscfmember", "view_uscfmember", "Can view US Chess member"),
    ("tournaments", "event", "view_event", "Can view event"),
]


def add_permissions(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    group, _ = apps.get_model("auth", "Group").objects.get_or_create(name=GROUP)
    for app_label, model, codename, name in PERMISSIONS:
        ct, _ = ContentType.objects.get_or_create(app_label=app_label, model=model)
        perm, _ = Permission.objects.get_or_create(
            content_type=ct, codename=codename, defaults={"name": name}
        )
        group.permissions.add(perm)


def remove_permissions(apps, schema_editor):
    group = apps.get_model("auth", "Group").objects.filter(name=GROUP).first()
    if group is not None:
        codenames = [codename for _, _, codename, _ in PERMISSIONS]
        group.permissions.remove(*group.permissions.filter(codename__in=codenames))


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0004_entry_owned_identity"),
        ("tournaments", "0006_entry_owned_identity"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="RatingRequest",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[("rate", "Rating"), ("rerate", "Re-rating")],
                        default="rate",
                        max_length=6,
                    ),
                ),
                (
                    "reason",
                    models.TextField(
                        blank=True, help_text="Why re-rate (required for a re-rating)."
                    ),
                ),
                ("submitted_at", models.DateTimeField()),
                (
                    "games_digest",
                    models.CharField(
                        help_text="Fingerprint of the rated games when submitted.", max_length=64
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "Waiting for a rating officer"),
                            ("applied", "Applied"),
                            ("rejected", "Rejected"),
                        ],
                        default="pending",
                        max_length=8,
                    ),
                ),
                ("decided_at", models.DateTimeField(blank=True, null=True)),
                (
                    "decision",
                    models.TextField(
                        blank=True, help_text="The rating officer's reason to reject."
                    ),
                ),
                (
                    "decided_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "submitted_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="rating_requests",
                        to="tournaments.tournament",
                    ),
                ),
            ],
            options={
                "ordering": ["-submitted_at"],
                "permissions": [
                    ("apply_rating", "Can apply or reject an event submitted for rating")
                ],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("status", "pending")),
                        fields=("tournament",),
                        name="rating_request_one_pending",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("kind", "rerate"), ("reason", ""), _negated=True),
                        name="rating_request_rerate_has_reason",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("decision", ""), ("status", "rejected"), _negated=True),
                        name="rating_request_rejection_has_reason",
                    ),
                ],
            },
        ),
        migrations.RunPython(add_permissions, remove_permissions),
    ]
