"""``python -m pairing`` entry point (see :mod:`pairing.cli`)."""

import sys

from pairing.cli import main

sys.exit(main())
