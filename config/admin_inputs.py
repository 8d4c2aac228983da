"""The admin's answers to odd input (issue 23, item 13: two kinds of 500 found by fuzzing the
admin, both in Django's own admin code):

- a change list with a date hierarchy reads ``?start_date__year=`` with ``datetime(int(y))``
  and catches only ValueError: a year of 20 digits raised OverflowError, and year 9999 a
  ValueError outside its ``try`` (the next year) — now the admin's "wrong filter" answer
  (a redirect to ``?e=1``), as for any other bad filter;
- an autocomplete field re-shown with the form's errors looks the posted value up as it is:
  a player "x" raised ValueError — now an unknown value is shown as no choice, next to the
  field's error ("Select a valid choice")."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.options import BaseModelAdmin, IncorrectLookupParameters, ModelAdmin
from django.contrib.admin.views.main import ChangeList
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import ValidationError
from django.db.models import ForeignKey
from django.http import HttpRequest


class CheckedDatesChangeList(ChangeList):
    """A change list whose date hierarchy refuses years out of range as a wrong filter."""

    def get_filters(self, request: HttpRequest) -> Any:
        try:
            return super().get_filters(request)
        except (OverflowError, ValueError) as e:
            raise IncorrectLookupParameters(e) from e


class CheckedAutocompleteSelect(AutocompleteSelect):
    """An autocomplete choice that shows only the posted values that name an object."""

    def optgroups(self, name: str, value: Any, attr: Any = None) -> Any:
        field = self.choices.field
        known = []
        for v in value:
            try:
                field.to_python(v)
            except ValidationError:
                continue
            known.append(v)
        return super().optgroups(name, known, attr)


class CheckedAutocomplete(BaseModelAdmin):
    """A model admin (or inline) whose ``autocomplete_fields`` survive unknown values."""

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> Any:
        if "widget" not in kwargs and db_field.name in self.get_autocomplete_fields(request):
            using = kwargs.get("using")
            kwargs["widget"] = CheckedAutocompleteSelect(db_field, self.admin_site, using=using)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class CheckedDates(ModelAdmin):
    """A model admin whose ``date_hierarchy`` refuses years out of range as a wrong filter."""

    def get_changelist(self, request: HttpRequest, **kwargs: Any) -> type[ChangeList]:
        return CheckedDatesChangeList
