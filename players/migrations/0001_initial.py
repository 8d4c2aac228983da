"""The shared Player moves from the tournaments app to this one: the table
(``tournaments_player``) and its rows stay where they are; only Django's state moves
(SeparateDatabaseAndState), and the player's content type follows it so that the permissions
given to rating officers keep working."""



from django.db import migrations, models


def move_content_type(apps, schema_editor, old="tournaments", new="players"):
    """The content type of ``old``.player becomes ``new``.player (its permissions, admin log
    entries and group memberships with it)."""
    content_type = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    moving = content_type.objects.using(db).filter(app_label=old, model="player").first()
    if moving is None:
        return
    if content_type.objects.using(db).filter(app_label=new, model="player").exists():
        return  # both exist (created by hand): leave them
    moving.app_label = new
    moving.save(update_fields=["app_label"])


def move_content_type_back(apps, schema_editor):
    move_content_type(apps, schema_editor, old="players", new="tournaments")



class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("tournaments", "0012_fixed_boards"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("ratings", "0005_uscf_followups"),  # after the rating officers got tournaments.player
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Player',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(help_text='Lastname, Firstname', max_length=100)),
                        ('sex', models.CharField(blank=True, choices=[('m', 'Male'), ('w', 'Female')], max_length=1)),
                        ('title', models.CharField(blank=True, help_text='GM, IM, WGM, FM, WIM, CM, WFM, WCM', max_length=3)),
                        ('birth_date', models.DateField(blank=True, null=True)),
                        ('federation', models.CharField(blank=True, max_length=3)),
                        ('fide_id', models.CharField(blank=True, max_length=11)),
                        ('fide_rating', models.PositiveSmallIntegerField(default=0, help_text='0 = unrated')),
                        ('cfc_rating', models.PositiveSmallIntegerField(blank=True, help_text='Chess Federation of Canada', null=True)),
                        ('uscf_id', models.CharField(blank=True, max_length=10)),
                        ('national_rating', models.PositiveSmallIntegerField(default=0, help_text="The player's national federation rating; 0 = unrated.")),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                    ],
                    options={
                        'db_table': 'tournaments_player',
                        'ordering': ['name'],
                        'constraints': [models.UniqueConstraint(condition=models.Q(('fide_id', ''), _negated=True), fields=('fide_id',), name='player_unique_fide_id'), models.UniqueConstraint(condition=models.Q(('uscf_id', ''), _negated=True), fields=('uscf_id',), name='player_unique_uscf_id')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_type, move_content_type_back),
    ]
