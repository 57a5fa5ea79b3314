"""Rebuild the golden playthroughs in tests/playthroughs after an intended rule change.

    python scripts/regenerate_playthroughs.py            # every file, fresh random walks
    python scripts/regenerate_playthroughs.py --keep     # same moves, new views (no rule change)
    python scripts/regenerate_playthroughs.py --game monastery   # one game only

With ``--keep`` the legal digests must not change: the script stops at the first step whose
legal actions differ from the stored file's, since that is a change of rules.

Files are named GAME-Np-sSEED.txt; the table below adds the default set for every game.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

from monastic.engine.playthrough import parse_playthrough, write_playthrough

FOLDER = pathlib.Path(__file__).resolve().parent.parent / "tests" / "playthroughs"

# (game, players, seed, options, max_steps): short games, so every step is worth reading.
DEFAULTS: list[tuple[str, int, int, dict[str, object], int]] = [
    ("medieval-monastery", 2, 1, {"turns": 1}, 2000),
    ("medieval-monastery", 3, 2, {"turns": 1}, 2000),
    ("medieval-monastery", 4, 3, {"turns": 2}, 2000),
    ("monastery", 2, 1, {}, 3000),
    ("monastery", 3, 2, {}, 3000),
    ("monastery", 4, 3, {}, 3000),
    ("monasterium", 2, 1, {}, 3000),
    ("monasterium", 3, 2, {}, 3000),
    ("monasterium", 4, 3, {}, 3000),
]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--keep", action="store_true", help="replay the recorded moves")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    import monastic

    FOLDER.mkdir(parents=True, exist_ok=True)
    for game, players, seed, options, max_steps in DEFAULTS:
        if game not in monastic.game_ids() or (args.game and game not in args.game):
            continue
        path = FOLDER / f"{game}-{players}p-s{seed}.txt"
        stored = parse_playthrough(path.read_text()) if args.keep and path.exists() else None
        moves = stored["moves"] if stored else None
        text = write_playthrough(game, players, seed, options, moves, max_steps)
        if stored:
            fresh = parse_playthrough(text)["legal"]
            for step, (old, new) in enumerate(zip(stored["legal"], fresh, strict=True)):
                if old != new:
                    sys.exit(f"{path.name}: the legal actions differ at step {step}: not written")
        path.write_text(text)
        print("wrote", path.relative_to(FOLDER.parent.parent))


if __name__ == "__main__":
    main()
