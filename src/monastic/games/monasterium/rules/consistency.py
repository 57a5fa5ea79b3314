"""What a loaded state must satisfy beyond each field's own type and range (``schema.py``):
every die, good, novice and window tile exactly once, counts that match the board, and the
facts the rules keep true at every decision. Each problem names a field of the save."""

from __future__ import annotations

from monastic.engine.validation import Path, conserve, distinct, problem
from monastic.games.monasterium.catalogue import (
    CLOISTER_ADJ,
    COLUMNS,
    EXTRA0,
    FIELDS,
    GOODS,
    MISSION_BY_ID,
    MISSION_CATEGORIES,
    MISSIONS_PER_CATEGORY,
    MON_IDS,
    MONASTERIES,
    NOVICE_IDS,
    ROW_NAMES,
    ROWS,
    SLOTS,
    SPACES_PER_MONASTERY,
    SUPPLY,
)
from monastic.games.monasterium.rules.missions import mission_met
from monastic.games.monasterium.rules.scoring import (
    chapel_spread,
    cloister_chapel,
    goods_vp,
    majority,
)
from monastic.games.monasterium.state import (
    BLOCKED,
    EXTRA_AVAILABLE,
    EXTRA_LOCKED,
    EXTRA_SENT,
    PHASE_ACT,
    PHASE_OVER,
    PHASE_PLACE,
    TASK_DESTINATION,
    TASK_NEW_DIE,
    TASK_ROAD,
    StateData,
)

__all__ = ["NOVICES", "check_consistency"]

#: Each seat's novices: one per slot and the extras.
NOVICES = SLOTS + ROWS
ROW_BITS = (1 << COLUMNS) - 1
#: The slots of rows II and III: the only ones marked used within a turn.
ONCE_PER_TURN_SLOTS = ((1 << (3 * COLUMNS)) - 1) & ~ROW_BITS


def check_consistency(s: StateData) -> None:
    """Raise ``BadSaveFile`` naming the first field that breaks a rule of the state."""
    _check_flow(s)
    _check_dice(s)
    for g, name in enumerate(GOODS):
        conserve(
            f"{name} tokens",
            SUPPLY[g],
            [(("supply", g), s.supply[g])] + [(("goods", p, g), s.goods[p][g]) for p in range(s.n)],
        )
    _check_board(s)
    for p in range(s.n):
        _check_novices(s, p)
    _check_window(s)
    _check_missions(s)
    _check_tasks(s)
    _check_final(s)


def _check_flow(s: StateData) -> None:
    c = s.current
    if s.phase == PHASE_PLACE:
        if s.rolled_personal is None:
            raise problem(("rolled_personal",), "a placement turn needs its roll, not null")
        if not s.held_personal[c] + s.held_neutral[c]:
            raise problem(("held_personal", c), f"seat {c} is to place but holds no die")
        for name, rolled, held in (
            ("rolled_personal", s.rolled_personal, s.held_personal[c]),
            ("rolled_neutral", s.rolled_neutral, s.held_neutral[c]),
        ):
            if len(rolled) != held:
                raise problem((name,), f"must be the {held} held dice of seat {c}, not {rolled}")
            if rolled != sorted(rolled):
                raise problem((name,), f"a roll is kept sorted, not {rolled}")
    elif s.rolled_personal is not None or s.rolled_neutral:
        raise problem(("rolled_personal",), f"only a placement has a roll, not {s.phase!r}")
    if s.phase == PHASE_ACT:
        for name, still_held in (
            ("held_personal", s.held_personal),
            ("held_neutral", s.held_neutral),
        ):
            if any(still_held):
                raise problem((name,), "the actions begin once every die is placed")
    if s.phase != PHASE_ACT or s.turn_column < 0:
        for path, value in (
            (("dice_left",), s.dice_left),
            (("used_slots",), s.used_slots),
            (("tasks",), len(s.tasks)),
        ):
            if value:
                raise problem(path, "must be 0 or empty outside an action turn")
    if s.used_slots & ~ONCE_PER_TURN_SLOTS:
        raise problem(("used_slots",), "only slots of rows II and III are marked used")
    if (s.phase == PHASE_OVER) != (s.final_breakdown is not None):
        raise problem(("final_breakdown",), "is there exactly when the game is over")


def _check_dice(s: StateData) -> None:
    """Each seat's personal dice and the neutral dice: held, on the fields, or used."""
    fields = s.dice_fields
    if any(fields[0]):
        raise problem(("dice_fields", 0), "is unused (fields are 1..6) and must be all 0")
    exact = s.phase != PHASE_ACT  # before the actions nothing is used yet
    new_dice = sum(1 for task in s.tasks if task[0] == TASK_NEW_DIE)
    for p in range(s.n):
        parts: list[tuple[Path, int]] = [(("held_personal", p), s.held_personal[p])]
        parts += [(("dice_fields", f, 1 + p), fields[f][1 + p]) for f in range(1, FIELDS + 1)]
        if p == s.current and new_dice:
            parts.append((("tasks",), new_dice))
        _dice(f"seat {p}'s personal dice", s.personal_dice[p], parts, exact)
    parts = [(("held_neutral", p), s.held_neutral[p]) for p in range(s.n)]
    parts += [(("dice_fields", f, 0), fields[f][0]) for f in range(1, FIELDS + 1)]
    _dice("the neutral dice", s.n * s.setup.neutral, parts, exact)


def _dice(what: str, total: int, parts: list[tuple[Path, int]], exact: bool) -> None:
    if exact:
        conserve(what, total, parts)
    elif sum(count for _, count in parts) > total:
        conserve(what, total, parts)  # names them: more than the game has


def _check_board(s: StateData) -> None:
    setup = s.setup
    for name, board, blocked in (
        ("buildings", s.buildings, setup.blocked_buildings),
        ("cloisters", s.cloisters, setup.blocked_cloisters),
    ):
        for space, holder in enumerate(board):
            if (holder == BLOCKED) != (space in blocked):
                why = (
                    f"is out of play with {s.n} players: must be {BLOCKED}, not {holder}"
                    if space in blocked
                    else f"is in play with {s.n} players: {BLOCKED} marks only spaces out of play"
                )
                raise problem((name, space), why)
    for k, holder in enumerate(s.cloisters):
        a, b = CLOISTER_ADJ[k]
        if holder >= 0 and holder not in (s.buildings[a], s.buildings[b]):
            raise problem(("cloisters", k), f"seat {holder}'s novice lies by no building of its")
    for name, board, saved in (
        ("building_counts", s.buildings, s.building_counts),
        ("cloister_counts", s.cloisters, s.cloister_counts),
    ):
        there = [[0] * MONASTERIES for _ in range(s.n)]
        for space, holder in enumerate(board):
            if holder >= 0:
                there[holder][space // SPACES_PER_MONASTERY] += 1
        for p in range(s.n):
            for m in range(MONASTERIES):
                if saved[p][m] != there[p][m]:
                    raise problem(
                        (name, p, m), f"must be {there[p][m]} as on the board, not {saved[p][m]}"
                    )
    for m in range(MONASTERIES):
        if sum(s.chapels[m]) > setup.chapel_cap:
            raise problem(("chapels", m), f"holds more than {setup.chapel_cap} novices")


def _check_novices(s: StateData, p: int) -> None:
    """24 novices: in their slots, waiting extras, or on the board, where their row sends."""
    slots = s.occupied_slots[p]
    sent = [COLUMNS - (slots >> (COLUMNS * r) & ROW_BITS).bit_count() for r in range(ROWS)]
    extras = s.extra_novices[p]
    for r in range(ROWS):
        if (extras[r] == EXTRA_LOCKED) != (sent[r] < COLUMNS):
            row = "holds a novice" if sent[r] < COLUMNS else "is empty"
            raise problem(
                ("extra_novices", p, r),
                f"must be locked exactly while row {ROW_NAMES[r]}"
                f" holds a novice (it {row}), not {extras[r]}",
            )
    buildings = sum(s.building_counts[p])
    cloisters = sum(s.cloister_counts[p])
    chapels = sum(s.chapels[m][p] for m in range(MONASTERIES))
    conserve(
        f"seat {p}'s novices",
        NOVICES,
        [
            (("occupied_slots", p), slots.bit_count()),
            (("extra_novices", p), sum(1 for e in extras if e != EXTRA_SENT)),
            (("buildings",), buildings),
            (("cloisters",), cloisters),
            (("chapels",), chapels),
        ],
    )
    # Rows I and II send to buildings, row III to chapels, row IV to cloisters; the extras
    # anywhere.
    for path, held, rows in (
        (("building_counts", p), buildings, sent[0] + sent[1]),
        (("chapels",), chapels, sent[2]),
        (("cloister_counts", p), cloisters, sent[3]),
    ):
        if held < rows:
            raise problem(path, f"seat {p} sent {rows} novices there from its rows, not {held}")


def _check_window(s: StateData) -> None:
    placed = [0] * MONASTERIES
    for p, window in enumerate(s.window):
        for r, row in enumerate(window):
            distinct(("window", p, r), row, "monastery")
            for j, mon in enumerate(row):
                placed[mon] += 1
                for above in range(r):
                    if j < len(window[above]) and window[above][j] == mon:
                        raise problem(
                            ("window", p, r, j), f"{MON_IDS[mon]} is in row {above} of the column"
                        )
    for m in range(MONASTERIES):
        conserve(
            f"{MON_IDS[m]} window tiles",
            s.setup.tiles_per_monastery,
            [(("tile_stacks", m), s.tile_stacks[m]), (("window",), placed[m])],
        )


def _check_missions(s: StateData) -> None:
    distinct(("missions",), s.missions, "mission")
    for cat in MISSION_CATEGORIES:
        if sum(1 for mid in s.missions if MISSION_BY_ID[mid].category == cat) != (
            MISSIONS_PER_CATEGORY
        ):
            raise problem(
                ("missions",),
                f"must hold {MISSIONS_PER_CATEGORY} cards of each"
                f" category {', '.join(MISSION_CATEGORIES)}",
            )
    for p, claimed in enumerate(s.claimed_missions):
        path: Path = ("claimed_missions", p)
        distinct(path, claimed, "mission")
        for mid in s.missions:
            met = mission_met(s, p, MISSION_BY_ID[mid])
            if met != (mid in claimed):
                told = "meets" if met else "does not meet"
                raise problem(
                    path,
                    f"seat {p} {told} mission {mid}: a mission is claimed the moment it is met",
                )
        for index, mid in enumerate(claimed):
            if mid not in s.missions:
                raise problem((*path, index), f"{mid} is not in play")
        most = sum(MISSION_BY_ID[mid].points(1) for mid in claimed)
        if s.mission_vp[p] > min(most, s.vp[p]):
            raise problem(
                ("mission_vp", p),
                f"is more than seat {p}'s claimed missions score and its VP ({min(most, s.vp[p])})",
            )


def _check_tasks(s: StateData) -> None:
    c = s.current
    last = len(s.tasks) - 1
    for index, task in enumerate(s.tasks):
        if task[0] == TASK_DESTINATION:
            if index != last:
                raise problem(
                    ("tasks", index), "a send's destination is chosen at once: it is the last task"
                )
            novice = task[2]
            if novice < EXTRA0:
                waiting = s.occupied_slots[c] >> novice & 1
            else:
                waiting = s.extra_novices[c][novice - EXTRA0] == EXTRA_AVAILABLE
            if not waiting:
                raise problem(
                    ("tasks", index, 2),
                    f"seat {c}'s novice {NOVICE_IDS[novice]} is not waiting to be sent",
                )
    if s.tasks and s.tasks[-1][0] == TASK_ROAD:
        raise problem(("tasks", last), "a road queue is never the last task (its bonus is)")


def _check_final(s: StateData) -> None:
    if s.final_breakdown is None:
        return
    rows = s.final_breakdown["players"]
    majorities = majority(s)
    for p, row in enumerate(rows):
        expected = {
            "majority": majorities[p],
            "chapel_spread": chapel_spread(s, p),
            "cloister_chapel": cloister_chapel(s, p),
            "goods": goods_vp(s, p),
            "total": s.vp[p],
        }
        for key, value in expected.items():
            if row[key] != value:
                raise problem(
                    ("final_breakdown", "players", p, key),
                    f"must be {value} for the final board, not {row[key]}",
                )
        scored = row["before"] + sum(row[key] for key in expected if key != "total")
        if row["total"] != scored or row["missions"] > row["before"]:
            raise problem(("final_breakdown", "players", p), "its parts do not add up")
