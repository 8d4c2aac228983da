"""Tournament pages. ``public``: read-only pages for players, no login. ``arbiter``: creating,
editing, importing and exporting tournaments; ``players``: registration, byes, withdrawals;
``rounds``: pairing, the draft, results; ``backup``: downloading and restoring a tournament's
backup. Every arbiter view needs a login and the tournament's arbiter (see
:mod:`tournaments.views.access`); every change is a POST with a CSRF token."""
