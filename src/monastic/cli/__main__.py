"""``python -m monastic.cli``: the ``monastic`` command."""

from monastic.cli.main import main

raise SystemExit(main())
