"""The multi-section Event moves to the ratings app (ratings 0007 takes it over with its
tables): a tournament's ``event`` points there and the model leaves this app's state. State
only: no table, column or row changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0007_event_moved"),
        ("tournaments", "0013_player_moved"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="tournament",
                    name="event",
                    field=models.ForeignKey(
                        blank=True,
                        help_text="The event this tournament is a section of.",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="sections",
                        to="ratings.event",
                    ),
                ),
                migrations.DeleteModel(name="Event"),
            ],
            database_operations=[],
        ),
    ]
