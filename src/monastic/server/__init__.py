"""The game server: tables, seats, live updates over WebSockets, storage and bot seats.

The server is the authority over every game: every move goes through the engine, is stored
with the state's version before anyone hears of it, and each connection is told only what
``view(seat)`` and ``events_for(events, seat)`` of its own seat contain. ``docs/server.md``
describes the protocol.
"""

from monastic.server.app import create_app
from monastic.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]
