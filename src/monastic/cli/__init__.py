"""The ``monastic`` command: play in the terminal, the engine protocol, bench and arena."""
