"""Research adapters: fixed action spaces, observation tensors, PettingZoo, Gymnasium and
OpenSpiel environments for every game (the optional extra ``monastic[rl]``).

``codec(game_id, players)`` gives a game's action space (``docs/rl.md``).
"""

from __future__ import annotations

from functools import cache

from monastic.rl.codec import ActionCodec, Block, Choices
from monastic.rl.observation import Observer

__all__ = ["ActionCodec", "Block", "Choices", "Observer", "codec", "observer"]


@cache  # codecs never change once built, and building one walks its tables
def codec(game_id: str, players: int) -> ActionCodec:
    """The fixed action space of ``game_id`` at ``players`` seats."""
    import monastic

    game = monastic.load_game(game_id)
    if not game.info.min_players <= players <= game.info.max_players:
        raise ValueError(
            f"{game_id} takes {game.info.min_players} to {game.info.max_players} players,"
            f" not {players}"
        )
    if game_id == "medieval-monastery":
        from monastic.rl.codec_medieval_monastery import MedievalMonasteryCodec

        return MedievalMonasteryCodec(players)
    if game_id == "monasterium":
        from monastic.rl.codec_monasterium import MonasteriumCodec

        return MonasteriumCodec(players)
    if game_id == "monastery":
        from monastic.rl.codec_monastery import MonasteryCodec

        return MonasteryCodec(players)
    raise ValueError(f"no action space for game {game_id!r}")


@cache  # observers never change once built
def observer(game_id: str, players: int) -> Observer:
    """The tensor layout of ``game_id`` at ``players`` seats."""
    space = codec(game_id, players)
    if game_id == "medieval-monastery":
        from monastic.rl.obs_medieval_monastery import MedievalMonasteryObserver

        return MedievalMonasteryObserver(space)
    if game_id == "monasterium":
        from monastic.rl.obs_monasterium import MonasteriumObserver

        return MonasteriumObserver(space)
    from monastic.rl.obs_monastery import MonasteryObserver

    return MonasteryObserver(space)
