"""The "Rating officers" group: may view every ratings model (and players) and correct ratings.

Permissions are normally created after migrations (post_migrate); they are created here when
missing so that the group can be given them on a fresh database. Members also need "staff
status" to log in to the admin.
"""

from django.db import migrations

GROUP = "Rating officers"

# (app_label, model, codename, name)
PERMISSIONS = [
    ("ratings", "ratingrecord", "correct_rating", "Can correct a rating (with a reason)"),
    ("ratings", "ratingrecord", "view_ratingrecord", "Can view rating record"),
    ("ratings", "ratingcorrection", "view_ratingcorrection", "Can view rating correction"),
    ("ratings", "ratedevent", "view_ratedevent", "Can view rated event"),
    ("ratings", "ratingchange", "view_ratingchange", "Can view rating change"),
    ("ratings", "rerating", "view_rerating", "Can view re-rating"),
    ("tournaments", "player", "view_player", "Can view player"),
]


def create_group(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    group, _ = Group.objects.get_or_create(name=GROUP)
    for app_label, model, codename, name in PERMISSIONS:
        ct, _ = ContentType.objects.get_or_create(app_label=app_label, model=model)
        perm, _ = Permission.objects.get_or_create(
            content_type=ct, codename=codename, defaults={"name": name}
        )
        group.permissions.add(perm)


def delete_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0001_initial"),
        ("tournaments", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, delete_group)]
