"""Shared player identity: the :class:`~players.models.Player` rating records and history hang
on, read by every tournament (each entry keeps its own copy, ``identity.py``) and changed only
through the admin by superusers and rating officers."""
