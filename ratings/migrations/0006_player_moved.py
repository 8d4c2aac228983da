"""The shared Player is the players app's now (players 0001): the foreign keys point there.
State only: the columns and their constraints already reference the same table."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0001_initial"),
        ("ratings", "0005_uscf_followups"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="ratingchange",
                    name="player",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="rating_changes",
                        to="players.player",
                    ),
                ),
                migrations.AlterField(
                    model_name="ratingrecord",
                    name="player",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="rating_records",
                        to="players.player",
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
