"""Per-game renderers for the terminal, chosen by game id.

``RENDERERS`` maps a game id to its module. A game missing from it still gets its own
module if one exists at ``monastic.cli.render.<game id with _ for ->``; otherwise the
generic renderer (JSON view) is used. Optional functions a module leaves out are taken
from the generic renderer.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType, SimpleNamespace
from typing import cast

from monastic.cli.render import generic
from monastic.cli.render.base import Renderer

__all__ = ["RENDERERS", "Renderer", "renderer_for"]

RENDERERS: dict[str, str] = {
    "medieval-monastery": "monastic.cli.render.medieval_monastery",
}

_HOOKS = ("render_table", "help_text", "style_action", "render_breakdown")


def _module_for(game_id: str) -> ModuleType:
    name = RENDERERS.get(game_id, f"{__name__}.{game_id.replace('-', '_')}")
    try:
        if importlib.util.find_spec(name) is None:
            return generic
    except ModuleNotFoundError:
        return generic
    return importlib.import_module(name)


def renderer_for(game_id: str) -> Renderer:
    """The renderer of a game, completed with generic functions where it has none."""
    module = _module_for(game_id)
    hooks = {hook: getattr(module, hook, getattr(generic, hook)) for hook in _HOOKS}
    return cast(Renderer, SimpleNamespace(**hooks))
