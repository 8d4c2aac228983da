"""Entries own the tournament's copy of their player's data (name, title, federation, sex,
birth date, FIDE and US Chess IDs), filled here from the players as they are; the players stay
the shared identities. And the "Arbiters" group: who may create tournaments."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery

COPIED = ("name", "title", "federation", "sex", "birth_date", "fide_id", "uscf_id")
ARBITERS = "Arbiters"


def fill_entries(apps, schema_editor):
    """Every entry takes its player's current data (one UPDATE)."""
    Entry = apps.get_model("tournaments", "Entry")
    Player = apps.get_model("tournaments", "Player")
    player = Player.objects.filter(pk=OuterRef("player_id"))
    Entry.objects.update(**{f: Subquery(player.values(f)[:1]) for f in COPIED})


def create_arbiters(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    group, _ = apps.get_model("auth", "Group").objects.get_or_create(name=ARBITERS)
    ct, _ = ContentType.objects.get_or_create(app_label="tournaments", model="tournament")
    perm, _ = Permission.objects.get_or_create(
        content_type=ct, codename="add_tournament", defaults={"name": "Can add tournament"}
    )
    group.permissions.add(perm)


def delete_arbiters(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=ARBITERS).delete()


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0005_uscf_event'),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AddField(
            model_name='entry',
            name='birth_date',
            field=models.DateField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='entry',
            name='federation',
            field=models.CharField(blank=True, max_length=3),
        ),
        migrations.AddField(
            model_name='entry',
            name='fide_id',
            field=models.CharField(blank=True, max_length=11),
        ),
        migrations.AddField(
            model_name='entry',
            name='name',
            field=models.CharField(blank=True, help_text="Lastname, Firstname (empty: the player's name).", max_length=100),
        ),
        migrations.AddField(
            model_name='entry',
            name='sex',
            field=models.CharField(blank=True, choices=[('m', 'Male'), ('w', 'Female')], max_length=1),
        ),
        migrations.AddField(
            model_name='entry',
            name='title',
            field=models.CharField(blank=True, max_length=3),
        ),
        migrations.AddField(
            model_name='entry',
            name='uscf_id',
            field=models.CharField(blank=True, max_length=10),
        ),
        migrations.RunPython(fill_entries, migrations.RunPython.noop),
        migrations.RunPython(create_arbiters, delete_arbiters),
    ]
