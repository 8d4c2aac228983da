"""The shared Player moves to the players app (players 0001 takes it over, with its table
``tournaments_player``): the entry's foreign key points there and the model leaves this app's
state. State only: no table, column or row changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0001_initial"),
        ("ratings", "0006_player_moved"),
        ("tournaments", "0012_fixed_boards"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="entry",
                    name="player",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="entries",
                        to="players.player",
                    ),
                ),
                migrations.DeleteModel(name="Player"),
            ],
            database_operations=[],
        ),
    ]
