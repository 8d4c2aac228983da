"""Rating officers may also correct the shared player identities and see the entries linked to
them (tournaments change only their own entries since tournaments 0006)."""

from django.db import migrations

GROUP = "Rating officers"


PERMISSIONS = [
    ("tournaments", "player", "change_player", "Can change player"),
    ("tournaments", "entry", "view_entry", "Can view entry"),
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
        ("ratings", "0002_rating_officers"),
        ("tournaments", "0006_entry_owned_identity"),
        ("ratings", "0003_uscf_event"),
    ]

    operations = [migrations.RunPython(add_permissions, remove_permissions)]
