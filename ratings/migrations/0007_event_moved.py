"""The multi-section Event moves from the tournaments app to this one (with the US Chess
event it is): the tables (``tournaments_event``, ``tournaments_event_arbiters``) and rows stay;
only Django's state moves (SeparateDatabaseAndState), and the content type follows so that the
rating officers' ``view_event`` permission keeps working."""


from django.conf import settings
from django.db import migrations, models


def move_content_type(apps, schema_editor, old="tournaments", new="ratings"):
    """The content type of ``old``.event becomes ``new``.event (its permissions with it)."""
    content_type = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    moving = content_type.objects.using(db).filter(app_label=old, model="event").first()
    if moving is None:
        return
    if content_type.objects.using(db).filter(app_label=new, model="event").exists():
        return  # both exist (created by hand): leave them
    moving.app_label = new
    moving.save(update_fields=["app_label"])


def move_content_type_back(apps, schema_editor):
    move_content_type(apps, schema_editor, old="ratings", new="tournaments")



class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0006_player_moved'),
        ('tournaments', '0013_player_moved'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Event',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=200)),
                        ('place', models.CharField(blank=True, help_text='City.', max_length=200)),
                        ('state', models.CharField(blank=True, help_text='US state, two letters.', max_length=2)),
                        ('zip_code', models.CharField(blank=True, max_length=10)),
                        ('country', models.CharField(blank=True, default='USA', max_length=21)),
                        ('start_date', models.DateField()),
                        ('end_date', models.DateField()),
                        ('time_control', models.CharField(blank=True, help_text='As US Chess writes it, e.g. G/90;d5 or 40/120,SD/30;d5.', max_length=40)),
                        ('affiliate_id', models.CharField(blank=True, help_text='US Chess affiliate ID: a letter and 7 digits.', max_length=8)),
                        ('chief_td_id', models.CharField(blank=True, help_text="Chief TD's US Chess ID.", max_length=8)),
                        ('assistant_td_id', models.CharField(blank=True, help_text="Assistant chief TD's US Chess ID (optional).", max_length=8)),
                        ('send_crosstable', models.CharField(choices=[('N', 'Nobody'), ('A', 'The affiliate'), ('T', 'The chief TD')], default='N', max_length=1)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('arbiters', models.ManyToManyField(blank=True, related_name='events', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'tournaments_event',
                        'ordering': ['-start_date', 'name'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('end_date__gte', models.F('start_date'))), name='event_ends_after_start')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_type, move_content_type_back),
    ]
