"""Fill the component tables of each game's rulebook from the data the engine plays with.

    python scripts/write_rulebook_tables.py           # rewrite every rulebook that is stale
    python scripts/write_rulebook_tables.py --check   # only report; exit 1 if one is stale

A rulebook lives in its game package (``src/monastic/games/<pkg>/data/rulebook.md``, so the
installed program can show it) and is copied to ``docs/<game>/rulebook.md``. Its text is
written by hand, except between the markers

    <!-- table: NAME -->
    ...
    <!-- end table -->

whose contents this script writes from the game's data files, and ``<!-- include: turn -->``
blocks, which take the game's "How a turn works" (``data/turn.md``). So a number in a table
cannot drift from the number the engine uses: ``tests/test_rulebooks.py`` fails until the
script has been run.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "src" / "monastic" / "games"

#: game id -> its package directory name
PACKAGES = {
    "medieval-monastery": "medieval_monastery",
    "monastery": "monastery",
    "monasterium": "monasterium",
}

_BLOCK = re.compile(r"(<!-- (table|include): ([a-z0-9_-]+) -->\n)(.*?)(<!-- end \2 -->)", re.DOTALL)


def data_dir(game_id: str) -> Path:
    return GAMES_DIR / PACKAGES[game_id] / "data"


def rulebook_path(game_id: str) -> Path:
    return data_dir(game_id) / "rulebook.md"


def docs_path(game_id: str) -> Path:
    return ROOT / "docs" / game_id / "rulebook.md"


def _json(game_id: str, name: str) -> Any:
    return json.loads((data_dir(game_id) / name).read_text(encoding="utf-8"))


def table(header: Sequence[str], rows: Iterable[Sequence[object]], align: str = "") -> str:
    """A markdown table; ``align`` gives one letter per column (l, r, c), default left."""
    rows = [[str(cell) for cell in row] for row in rows]
    marks = {"l": "---", "r": "---:", "c": ":---:"}
    rule = [marks[align[i]] if i < len(align) else "---" for i in range(len(header))]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(rule) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _join(words: Sequence[str], last: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


# Medieval Monastery ------------------------------------------------------------------------


def _mm_tables() -> dict[str, str]:
    data = _json("medieval-monastery", "cards.json")
    suits = data["suits"]
    by_suit: dict[str, list[tuple[int, str]]] = {s["letter"]: [] for s in suits}
    for card in data["cards"]:
        by_suit[card["suit"]].append((card["rank"], card["name"]))
    deck_rows = []
    for s in suits:
        cards = sorted(by_suit[s["letter"]])
        deck_rows.append(
            [f"{s['letter']}", s["name"], ", ".join(f"{r} {name}" for r, name in cards)]
        )
    deck = table(["letter", "suit", "the cards, rank and name"], deck_rows)

    combos = data["combos"]
    scores = {
        "that suit": "in the combo's suit",
        "each suit present": "in each suit among its cards",
        "every suit": "in every one of the 8 suits",
    }
    label = {
        "flush": "{n}-card flush",
        "suits": "one of each suit",
        "kind": "{n} of a kind",
        "straight": "{n}-card straight",
    }
    make = {
        "flush": "{n} cards of one suit, any ranks",
        "suits": "8 cards, one of each suit, any ranks",
        "kind": "{n} cards of one rank",
        "straight": "{n} cards of consecutive ranks, any suits",
    }
    rows = []
    for kind in ("flush", "kind", "straight", "suits"):
        rule = combos[kind]
        for n in rule["sizes"]:
            points = rule["points"].get(str(n))
            cards = make[kind].format(n=n)
            draws = rule["draws"].get(str(n), 0)
            if points is None:
                if rule.get("wins_at") != n:
                    raise ValueError(f"combo {kind} {n} has no points and does not win")
                worth = "**wins the game at once**"
                cards = f"all {n} cards of one suit"
            else:
                worth = f"{points} {scores[rule['scores']]}"
            rows.append(
                [
                    label[kind].format(n=n),
                    cards,
                    worth,
                    f"draw {draws}" if draws else "–",
                    f"`combo {kind}`",
                ]
            )
    combo = table(["combo", "cards", "points", "then", "type"], rows)
    return {"deck": deck, "combos": combo}


# Monastery ----------------------------------------------------------------------------------

_MON_SYMBOLS = {
    "chapel": "prayer pays double; up to 3 pray",
    "scriptorium": "study pays 2",
    "library": "swap two letters",
    "abbots_house": "an election at once",
    "almonry": "take 1 blessing",
    "prison": "holds prisoners (no symbol)",
    "workshop": "draw 1 tile, return 1",
    "stables": "lay 1 more tile",
    "brewhouse": "monks stay out",
    "farm": "toil pays 3",
}


def _tile_row(t: dict[str, Any], name: str, ids: str, n: str, effect: str) -> list[str]:
    boxes = " ".join(str(b) for b in t["boxes"]) or "–"
    return [name, ids, n, t["colour"], str(t["value"]), boxes, f"`{t['edges']}`", effect]


def _mon_tables() -> dict[str, str]:
    from monastic.games.monastery.rules import common

    tiles = _json("monastery", "tiles.json")["tiles"]
    board = _json("monastery", "board.json")
    order = ["building", "path", "field", "garden", "livestock", "passage"]
    rows = []
    passages: list[dict[str, Any]] = []
    for t in sorted(tiles, key=lambda t: order.index(t["category"])):
        if t["category"] == "passage":
            passages.append(t)
            continue
        effect = _MON_SYMBOLS.get(t["symbol"] or "", "–")
        if t["category"] == "livestock":
            effect = "1 blessing per neighbour"
        if t["colour"] == "dual":
            effect = "Study and Toil"
        rows.append(_tile_row(t, t["name"], f"`{t['id']}`", str(t["copies"]), effect))
    # The four passages differ only in their owner: one row.
    first = passages[0]
    same = ("value", "boxes", "edges", "colour")
    if any(any(p[k] != first[k] for k in same) for p in passages):
        raise ValueError("the Secret Passages are no longer alike: give each its own row")
    ids = ", ".join(f"`{p['id']}`" for p in passages)
    rows.append(
        _tile_row(first, "Secret Passage, one per colour", ids, "1 each", "owner jumps here for 1")
    )
    tile_table = table(
        ["tile", "id", "n", "colour", "V", "boxes", "exits NESW", "effect"], rows, "llrlrlll"
    )

    def count(pred: Callable[[dict[str, Any]], bool]) -> int:
        return sum(t["copies"] for t in tiles if pred(t))

    passages = count(lambda t: t["category"] == "passage")
    total = count(lambda t: True)
    totals = table(
        ["group", "tiles"],
        [
            [
                "grey buildings (Study)",
                count(lambda t: t["category"] == "building" and t["colour"] == "grey"),
            ],
            [
                "brown buildings (Toil)",
                count(lambda t: t["category"] == "building" and t["colour"] == "brown"),
            ],
            ["dual buildings (Study and Toil)", count(lambda t: t["colour"] == "dual")],
            ["Paths", count(lambda t: t["category"] == "path")],
            ["Fields (brown)", count(lambda t: t["category"] == "field")],
            ["Gardens (brown)", count(lambda t: t["category"] == "garden")],
            ["Livestock", count(lambda t: t["category"] == "livestock")],
            ["**in the bag at the start**", f"**{total - passages}**"],
            ["Secret Passages (one per colour, in the hands)", passages],
            ["**all tiles**", f"**{total}**"],
        ],
        "lr",
    )

    full, reduced = board["full_price"], board["reduced_price"]
    colours = [c.capitalize() for c in board["colours"]]
    grid_rows = [["**full price**", *(f"**{p}**" for p in full)]]
    for colour, row in zip(colours, board["rows"], strict=True):
        grid_rows.append([colour, *("✝" if ch == "+" else ch for ch in row)])
    grid_rows.append(["**reduced price**", *(f"**{p}**" for p in reduced)])
    prayer = table(
        ["column", *(str(i) for i in range(1, len(full) + 1))], grid_rows, "l" + "c" * len(full)
    )

    tracks = table(
        ["colour", "letter track (spaces 1-9)", "row of the Prayer Board"],
        [
            [c, " ".join(track), str(i + 1)]
            for i, (c, track) in enumerate(zip(colours, board["tracks"], strict=True))
        ],
    )

    conv = sorted(board["conversion"])
    conv_rows = [["0", "0"]]
    for i, (low, got) in enumerate(conv):
        high = conv[i + 1][0] - 1 if i + 1 < len(conv) else None
        span = f"{low}-{high}" if high is not None else f"{low} or more"
        conv_rows.append([span, str(got)])
    conversion = table(["points left over", "blessings"], conv_rows, "cc")

    hours = []
    names = {1: "Matins", 5: "Sext", 8: "Vespers", 10: "Night"}
    for h in range(1, 11):
        if h in common.PRAYER_HOURS:
            kind, what = (
                "prayer hour",
                f"praying monks return; election; each draws {common.DRAWS[h]}",
            )
        elif h in common.STUDY_HOURS:
            kind, what = "Study", "steps, then scorings: grey and dual tiles and the Abbey pay"
        elif h in common.TOIL_HOURS:
            kind, what = "Toil", "steps, then scorings: brown and dual tiles pay"
        else:
            kind, what = "Night", "every monk returns to the Abbey"
        hours.append([str(h), str(h + 10), names.get(h, "–"), kind, what])
    hour_table = table(
        ["round, day 1", "round, day 2", "hour", "kind", "what happens"], hours, "rrlll"
    )

    return {
        "tiles": tile_table,
        "tile-totals": totals,
        "prayer-board": prayer,
        "tracks": tracks,
        "conversion": conversion,
        "hours": hour_table,
    }


# Monasterium --------------------------------------------------------------------------------

_GOOD = {
    "influence": "Influence",
    "soup": "Soup",
    "rosary": "Rosary",
    "tool": "Tool",
    "book": "Book",
}
_BONUS = {
    None: "–",
    "inf_or_ros": "1 Influence or 1 Rosary",
    "soup_swap": "1 Soup, or Soup → Tool, or Tool → Book",
    "personal_die": "a personal die (or 5 VP)",
    "any_action": "any action",
    "window_any": "a window tile from any monastery",
}
_BUILDING = {"P": "profane building", "W": "workshop", "C": "common room"}
_AREA = {"CH": "chapel", "BU": "building", "CL": "cloister space"}


def _goods(goods: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return " + ".join(f"{n} {_GOOD[g]}" for g, n in counts.items())


def _effect(e: dict[str, Any]) -> str:
    if "send" in e:
        opts = e["send"]
        if opts.get("ignore_access"):
            return "send a novice, ignoring access"
        if opts.get("influence_discount"):
            return f"send a novice paying {opts['influence_discount']} Influence less"
        return "send a novice"
    if "choose" in e:
        return "take " + " or ".join(f"1 {_GOOD[g]}" for g in e["choose"])
    if "take" in e:
        text = "take " + _goods(e["take"])
        if "may_exchange" in e:
            x = e["may_exchange"]
            text += f"; you may also pay 1 {_GOOD[x['pay']]} for 1 {_GOOD[x['get']]}"
        return text
    if "move" in e:
        move = e["move"]
        low, high = (move, move) if isinstance(move, int) else move
        if low == high:
            return f"move your messenger {low} space" + ("s" if low > 1 else "")
        return f"move your messenger {low} to {high} spaces"
    if "window" in e:
        return "a window tile (a monastery with your chapel novice)"
    if "flip_tile" in e:
        return f"no action: sending it flips tile {e['flip_tile']}"
    if e.get("any_action"):
        return "any action"
    raise ValueError(f"no wording for {e}")


def _ms_tables() -> dict[str, str]:
    d = _json("monasterium", "monasterium.json")
    players = d["players"]
    counts = sorted(players, key=int)
    per_player = table(
        ["", *(f"{p} players" for p in counts)],
        [
            ["neutral dice per player", *(players[p]["neutral"] for p in counts)],
            [
                "personal dice at the start (most you can own)",
                *(f"{d['personal_dice']['start']} ({d['personal_dice']['max']})" for _ in counts),
            ],
            [
                "dice rolled per round at the start",
                *(int(p) * (players[p]["neutral"] + d["personal_dice"]["start"]) for p in counts),
            ],
            ["rounds per year / in the game", *(f"{p} / {int(p) * d['years']}" for p in counts)],
            ["window tiles per monastery", *(players[p]["tiles_per_monastery"] for p in counts)],
            ["chapel capacity (all players)", *(players[p]["chapel_cap"] for p in counts)],
            [
                "buildings and cloister spaces out of play",
                *(", ".join(players[p]["blocked"]) or "none" for p in counts),
            ],
        ],
        "l" + "c" * len(counts),
    )
    supply = table(
        ["good", "in the supply", "each player starts with"],
        [[_GOOD[g], n, d["start_goods"].get(g, 0)] for g, n in d["supply"].items()],
        "lrr",
    )
    std = d["standard"]
    slots = d["slots"]
    head = ["row", *(f"column {c}" for c in sorted(std))]
    rows = [["standard (die of this number)", *(_effect(std[c]) for c in sorted(std))]]
    for row in ("I", "II", "III", "IV"):
        rows.append([row, *(_effect(slots[f"{row}-{c}"]) for c in sorted(std))])
    slot_table = table(head, rows)

    cost = d["send_cost"]

    def building_cost(row: str) -> str:
        c = cost[row]
        return f"{c['influence']} Influence + {c['building_good']} of the building's good"

    send = table(
        ["novice from", "may go to", "costs"],
        [
            [
                "row I",
                "a free building of any type",
                building_cost("I"),
            ],
            [
                "row II",
                "a free building of any type",
                building_cost("II"),
            ],
            [
                "row III",
                "a chapel with room",
                "Influence: "
                + ", ".join(map(str, cost["III"]["influence_by_earlier_row_III_sends"]))
                + " for your 1st, 2nd, 3rd and later row-III novice",
            ],
            [
                "row IV",
                "a free cloister space next to a building holding your novice",
                "Rosary: "
                + ", ".join(map(str, cost["IV"]["rosary_by_earlier_row_IV_sends"]))
                + " for your 1st, 2nd, 3rd and later row-IV novice",
            ],
            [
                "an extra novice",
                "any of these",
                "nothing" if not cost["extra"] else str(cost["extra"]),
            ],
        ],
    )
    reward_rows = []
    for code, good in d["building_good"].items():
        r = d["building_reward"][code]
        gets = (
            f"{r['vp']} VP + 1 {_GOOD[r['good']]}"
            if "good" in r
            else (f"{r['vp']} VP + 1 window tile from this monastery")
        )
        reward_rows.append([_BUILDING[code], _GOOD[good], gets])
    rewards = table(["building", "its good (paid to enter)", "reward on entering"], reward_rows)

    blocked = set(players["2"]["blocked"])
    mon_rows = []
    for m in d["monasteries"]:
        cells = [
            f"B{i + 1} {_BUILDING[b]}" + (" (out with 2)" if f"B{i + 1}" in blocked else "")
            for i, b in enumerate(m["buildings"])
        ]
        mon_rows.append([f"`{m['id']}`", m["name"], m["colour"], "; ".join(cells)])
    monasteries = table(["id", "monastery", "colour", "buildings B1-B6"], mon_rows)

    adj = d["cloister_adjacency"]
    cloister = table(
        ["cloister space", "next to", "with 2 players"],
        [
            [
                k,
                _join(v),
                "out of play" if k in blocked else _join([b for b in v if b not in blocked]),
            ]
            for k, v in adj.items()
        ],
    )

    road = table(
        ["space", "gives access to", "bonus"],
        [[s["space"], ", ".join(s["links"]) or "–", _BONUS[s["bonus"]]] for s in d["road"]],
        "rll",
    )

    w = d["window"]
    cols = len(w["col_vp"])
    window = table(
        ["", *(f"column {i + 1}" for i in range(cols)), "row bonus", "row full"],
        [["column bonus", *(_effect(b) for b in w["col_bonus"]), "", ""]]
        + [
            [
                f"W-{'I' * (i + 1) if i < 3 else i}",
                *("·" for _ in range(cols)),
                _effect(w["row_bonus"][i]),
                f"{w['row_vp'][i]} VP",
            ]
            for i in range(len(w["row_vp"]))
        ]
        + [["column full", *(f"{v} VP" for v in w["col_vp"]), "", ""]],
    )

    missions = d["missions"]
    ab_rows = []
    for cat in ("A", "B"):
        vp = "/".join(map(str, missions[cat]["vp_by_year"]))
        for cid, card in missions[cat]["cards"].items():
            needs = []
            for need in card["needs"]:
                mon, area = need.split()
                needs.append(f"{mon} {_AREA[area]}")
            ab_rows.append([cid, card["name"], "; ".join(needs), vp])
    mission_ab = table(
        ["card", "name", "one novice of yours in each of", "VP in year 1/2/3"], ab_rows
    )
    cond = {
        "personal_dice": "you own {n} personal dice",
        "cloister_novices": "at least {n} of your novices stand in cloister spaces",
        "laps": "your messenger has completed {n} lap(s) of the road (stepped from 20 onto 1)",
        "window_tiles": "your window holds at least {n} tiles",
        "monasteries_present": "you have a novice in each of the {n} monasteries",
    }
    mission_c = table(
        ["card", "name", "condition", "VP"],
        [
            [cid, c["name"], cond[c["condition"]].format(n=c["count"]), c["vp"]]
            for cid, c in missions["C"].items()
        ],
    )
    f = d["final"]
    spread = f["chapel_spread"]
    final = table(
        ["part", "points"],
        [
            ["majority in a monastery (ties: each leader)", f"{f['majority_vp']} VP"],
            [
                "chapels you are in: " + ", ".join(str(i) for i in range(1, len(spread))),
                ", ".join(str(v) for v in spread[1:]) + " VP",
            ],
            [
                "per monastery: your cloister novices × your chapel novices there",
                f"× {f['cloister_chapel_multiplier']} VP",
            ],
            ["each Tool left", f"{f['goods']['tool']} VP"],
            ["each Book left", f"{f['goods']['book']} VP"],
            [
                "Soup, Influence and Rosary left, all together",
                f"1 VP per {f['goods']['basic_divisor']} (rounded down)",
            ],
        ],
    )
    return {
        "player-counts": per_player,
        "supply": supply,
        "action-area": slot_table,
        "send-costs": send,
        "building-rewards": rewards,
        "monasteries": monasteries,
        "cloister": cloister,
        "road": road,
        "window": window,
        "missions-ab": mission_ab,
        "missions-c": mission_c,
        "final-scoring": final,
    }


TABLES: dict[str, Callable[[], dict[str, str]]] = {
    "medieval-monastery": _mm_tables,
    "monastery": _mon_tables,
    "monasterium": _ms_tables,
}


def build(game_id: str, text: str | None = None) -> str:
    """The rulebook with every table and include filled in from the data."""
    if text is None:
        text = rulebook_path(game_id).read_text(encoding="utf-8")
    tables = TABLES[game_id]()
    includes = {"turn": (data_dir(game_id) / "turn.md").read_text(encoding="utf-8")}
    used: set[str] = set()

    def fill(match: re.Match[str]) -> str:
        kind, name = match.group(2), match.group(3)
        source = tables if kind == "table" else includes
        if name not in source:
            raise ValueError(f"{game_id}: the rulebook asks for an unknown {kind} {name!r}")
        used.add(name)
        return f"{match.group(1)}{source[name]}{match.group(5)}"

    out = _BLOCK.sub(fill, text)
    unused = sorted(set(tables) - used)
    if unused:
        raise ValueError(f"{game_id}: tables not placed in the rulebook: {', '.join(unused)}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="report stale files, write none")
    parser.add_argument("--game", choices=sorted(PACKAGES), help="one game only")
    args = parser.parse_args(argv)
    stale = []
    for game_id in [args.game] if args.game else sorted(PACKAGES):
        text = build(game_id)
        for path in (rulebook_path(game_id), docs_path(game_id)):
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                continue
            stale.append(path.relative_to(ROOT))
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    verb = "stale" if args.check else "written"
    for path in stale:
        print(f"{verb}: {path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    raise SystemExit(main())
