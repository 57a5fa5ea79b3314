"""The hour-disc: setup, rounds, prayer hours, Night, elections, game end and result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from monastic.engine import Event, Result, Rng
from monastic.games.monastery import core, scoring, step
from monastic.games.monastery.actions import (
    Elect,
    End,
    Imprison,
    Keep,
    Return,
    Stand,
)
from monastic.games.monastery.catalogue import BOARD, COLOUR_LETTERS, INSTANCES, N_TILES, TYPES
from monastic.games.monastery.geometry import cell_key, cell_xy, placements
from monastic.games.monastery.state import P_PRISON, P_RETURN, P_TIE, R_START

if TYPE_CHECKING:
    from monastic.games.monastery.state import MonasteryState


# Setup ----------------------------------------------------------------------------------


def new_state(players: int, seed: int, options: Mapping[str, Any]) -> MonasteryState:
    from monastic.games.monastery.state import MonasteryState

    rng = Rng(seed)
    st = object.__new__(MonasteryState)
    st.n = players
    st.seed = seed
    st.team = options.get("variant") == "team"
    st.simple = options.get("variant") == "simple" or bool(options.get("simple", False))
    st.silence = bool(options.get("vow_of_silence", False))
    st.start_hand = bool(options.get("start_hand", False))
    if st.team and players != 4:
        from monastic.engine import BadOption

        raise BadOption("the team game needs exactly 4 players (M-60)")
    # M-1: colours at random; seats stay in clockwise order Red, Blue, Green, Yellow.
    if options.get("random_colours", True) and players < 4:
        colours = [0, 1, 2, 3]
        rng.shuffle(colours)
        chosen = sorted(colours[:players])
    else:
        chosen = list(range(players))
    st.colour = chosen
    st.rng = rng
    st.round = 1
    st.abbot = 0  # the in-play colour whose row is highest sits first
    st.order = list(range(players))
    st.turn = 0
    st.phase = "step"
    st.pending = []
    st.returned = []
    st.tpos = [-1] * N_TILES
    st.trot = [0] * N_TILES
    st.tfin = [0] * N_TILES
    st.tbuilt = [0] * N_TILES
    st.tlayer = [-1] * N_TILES
    st.tbless = [0] * N_TILES
    st.tbox = [[-1] * len(t.boxes) for t in INSTANCES]
    st.grid = {cell_key(x, y): N_TILES for x in range(3) for y in range(2)}
    st.laid_order = []
    st.hand = [[] for _ in range(players)]
    st.bag = []
    for i, t in enumerate(INSTANCES):
        if t.owner_colour < 0:
            st.bag.append(i)
        elif t.owner_colour in chosen:
            st.hand[chosen.index(t.owner_colour)].append(i)
    st.mloc = [-3] * 20
    st.mbox = [-1] * 20
    st.mstate = [0] * 20
    st.mcross = [-1] * 20
    for c in chosen:
        st.mloc[c * 5] = -1
        for row in range(4):
            st.mloc[c * 5 + 1 + row] = core.CROSS
            st.mcross[c * 5 + 1 + row] = row
    st.bchar = []
    st.bsmall = [0] * 40
    for row in range(4):
        for col in range(10):
            ch = BOARD.rows[row][col]
            st.bchar.append(ch if ch == "+" or row in chosen else "")
    st.track = [[0] * 9 for _ in range(4)]
    st.bless = [0] * players
    st.locked = [0] * players
    st.stopped, st.shiftable, st.building, st.used, st.brewers, st.kept = [], [], [], [], [], []
    st.mp = st.did_lay = st.encouraging = st.pts = st.prayed = st.sstage = 0
    st.ending = st.over = st.decisions = 0
    st._adj = None
    st._pcache = None
    st._lcache = None
    events: list[Event] = []
    begin_round(st, events)
    return st


# Who acts, what is legal -----------------------------------------------------------------


def to_act(st: MonasteryState) -> list[int]:
    if st.over:
        return []
    if st.pending:
        return [st.pending[-1][1]]
    if st.phase == "brew":
        return [st.brewers[st.turn]]
    return [st.order[st.turn]]


def legal_actions(st: MonasteryState, seat: int) -> list[Any]:
    if seat not in to_act(st):
        return []
    if st.pending:
        p = st.pending[-1]
        if p[0] == P_TIE:
            return [Elect(st.colour[s]) for s in p[3:]]
        if p[0] == P_PRISON:
            colours = sorted({m // 5 for m in range(20) if st.mloc[m] == -1})
            return [*(Imprison(c) for c in colours), Imprison(-1)]
        ids = sorted({INSTANCES[t].id for t in st.hand[seat] if INSTANCES[t].owner_colour < 0})
        return [Return(i) for i in ids]
    if st.phase == "step":
        return step.legal(st, seat)
    if st.phase == "score":
        return scoring.legal(st, seat)
    if st.phase == "brew":
        return _brew_legal(st, seat)
    return []


def why_illegal(st: MonasteryState, seat: int, action: Any) -> str:
    acting = to_act(st)
    if seat not in acting:
        return f"seat {seat} is not to act now"
    what = {"step": "in a step", "score": "in a scoring", "brew": "at the Brewhouse"}
    where = "now" if st.pending else what.get(st.phase, "now")
    base = f"{action} is not legal for {COLOUR_LETTERS[st.colour[seat]]} {where}"
    reason = _reason(st, seat, action)
    return f"{base}: {reason}" if reason else base


def _reason(st: MonasteryState, seat: int, action: Any) -> str:
    """A sharper reason for the common mistakes."""
    from monastic.games.monastery.actions import Lay, Move

    if st.pending:
        kind = {
            P_TIE: "an election tie-break (elect X)",
            P_PRISON: "the Prison Cell (imprison X)",
            P_RETURN: "returning a tile (return X)",
        }[st.pending[-1][0]]
        return f"the decision due is {kind}"
    if isinstance(action, Lay):
        if action.tile not in {INSTANCES[t].id for t in st.hand[seat]}:
            return f"there is no {action.tile} in your hand"
        if st.phase == "step" and st.did_lay and not action.stables:
            return "you already laid or exchanged a tile in this step (M-6)"
        if st.phase == "step" and st.encouraging:
            return "encouragement ends the step's laying and moving (M-23)"
        from monastic.games.monastery.catalogue import TYPE_BY_ID
        from monastic.games.monastery.geometry import placement_problem

        t = TYPE_BY_ID[action.tile]
        if t.owner_colour >= 0 and t.owner_colour != st.colour[seat]:
            return "only its owner may lay a secret passage (M-8)"
        problem = placement_problem(st, t, cell_key(action.x, action.y), action.rot)
        return problem or "that placement is not offered now"
    from monastic.games.monastery.actions import BuyLetter, BuyMonk, Pray, Purchase

    if isinstance(action, BuyLetter | BuyMonk):
        if st.phase != "score":
            return "letters and monks are bought in a scoring (S5)"
        if st.sstage == 0:
            return "say 'purchase' first: symbols and prayer come before buying (M-26)"
        if isinstance(action, BuyLetter):
            cost = core.price(st, seat, action.cell)
            if st.bchar[action.cell] in ("", "+"):
                return "there is no letter on that board cell"
            if scoring.budget(st, seat) < cost:
                return f"it costs {cost}; the budget is {scoring.budget(st, seat)} (M-49, M-50)"
            return "the letter must go on an empty space of the same character (§4.3)"
        return "there is no such monk on that cross, or it is too dear"
    if isinstance(action, Pray | Purchase) and st.phase == "score" and st.sstage == 1:
        return "prayer and symbols are over once buying has started (M-26)"
    if isinstance(action, Pray):
        return "the monk must be upright and alone on a finished tile not built this round (M-31)"
    if isinstance(action, Move):
        if st.phase != "step":
            return "monks move only in steps"
        return f"that monk cannot reach that place for exactly its cheapest cost (MP left: {st.mp})"
    return ""


# Applying --------------------------------------------------------------------------------


def apply(st: MonasteryState, seat: int, action: Any) -> list[Event]:
    events: list[Event] = []
    st.decisions += 1
    if st.pending:
        p = st.pending.pop()
        if p[0] == P_TIE:
            assert isinstance(action, Elect)
            _set_abbot(st, core.seat_of_colour(st, action.colour), p[2], events)
        elif p[0] == P_PRISON:
            assert isinstance(action, Imprison)
            _imprison(st, action.colour, events)
        else:
            assert isinstance(action, Return)
            core.to_bag(st, seat, action.tile, events)
            if p[2] == R_START and _hand_tiles(st, seat) > 3:
                st.pending.append(p)
        _settle(st, events)
        return events
    if st.phase == "step":
        if step.apply(st, seat, action, events):
            _next_step(st, events)
        else:
            _check_e2(st, action, events)
        return events
    if st.phase == "score":
        if scoring.apply(st, seat, action, events):
            _end_scoring(st, seat, events)
        else:
            _check_e2(st, action, events)
            _settle(st, events)
        return events
    if st.phase == "brew":
        _brew_apply(st, seat, action, events)
        return events
    raise ValueError("no decision is due")


def _hand_tiles(st: MonasteryState, seat: int) -> int:
    return sum(1 for t in st.hand[seat] if INSTANCES[t].owner_colour < 0)


def _check_e2(st: MonasteryState, action: Any, events: list[Event]) -> None:
    """E2 after every placement (§1.6, M-56)."""
    from monastic.games.monastery.actions import Lay

    if not isinstance(action, Lay) or st.ending:
        return
    if e2_holds(st):
        st.ending = 2
        events.append(Event("game_end_triggered", {"rule": "E2"}))


def e2_holds(st: MonasteryState) -> bool:
    types = sorted(
        {INSTANCES[t].index for h in st.hand for t in h} | {INSTANCES[t].index for t in st.bag}
    )
    if not types:
        return True
    # cheap types first: livestock and one-gateway tiles are the easiest to place
    types.sort(key=lambda ti: (TYPES[ti].category != "livestock", ti))
    return not placements(st, types, all_qualify=True, first_only=True)


def _settle(st: MonasteryState, events: list[Event]) -> None:
    """Run everything automatic until a decision is due."""
    while not st.over and not st.pending:
        if st.phase == "score":
            seat = st.order[st.turn]
            if st.sstage == 0 and not scoring.has_stage0(st, seat):
                scoring.to_purchase(st, seat, events)
            if st.sstage == 1 and not scoring.can_buy(st, seat):
                _end_scoring(st, seat, events)
                continue
            return
        if st.phase == "starthand":
            while st.turn < st.n and _hand_tiles(st, st.order[st.turn]) <= 3:
                st.turn += 1
            if st.turn < st.n:
                st.pending.append([P_RETURN, st.order[st.turn], R_START])
                return
            _next_round(st, events)
            continue
        if st.phase == "prayer_after_election":
            _draw_round(st, events)
            _next_round(st, events)
            continue
        return


# Rounds -----------------------------------------------------------------------------------


def _order_from(st: MonasteryState, first: int) -> list[int]:
    return [(first + i) % st.n for i in range(st.n)]


def begin_round(st: MonasteryState, events: list[Event]) -> None:
    h = core.hour(st)
    st.order = _order_from(st, st.abbot)
    st.turn = 0
    events.append(Event("round", {"round": st.round, "hour": h, "abbot": st.abbot}))
    if st.round == 1:
        # M-3 / M-63: only drawing at the first Matins.
        _draw_round(st, events, 6 if st.start_hand else 3)
        if st.start_hand:
            st.phase = "starthand"
            _settle(st, events)
        else:
            _next_round(st, events)
        return
    if h in core.PRAYER_HOURS or h == 10:
        st.brewers = _brewers(st)
        st.kept = []
        st.phase = "brew"
        if not st.brewers:
            _after_brew(st, events)
        return
    st.phase = "step"
    step.begin_step(st, st.order[0])


def _next_round(st: MonasteryState, events: list[Event]) -> None:
    if st.ending or st.round >= 20:
        _game_over(st, events)
        return
    st.round += 1
    begin_round(st, events)


def _next_step(st: MonasteryState, events: list[Event]) -> None:
    st.turn += 1
    if st.turn < st.n:
        step.begin_step(st, st.order[st.turn])
        return
    st.phase = "score"
    st.turn = 0
    scoring.begin_scoring(st, st.order[0], events)
    _settle(st, events)


def _end_scoring(st: MonasteryState, seat: int, events: list[Event]) -> None:
    scoring.finish(st, seat, events)
    st.turn += 1
    if st.turn < st.n:
        scoring.begin_scoring(st, st.order[st.turn], events)
        _settle(st, events)
        return
    _next_round(st, events)


def _draw_round(st: MonasteryState, events: list[Event], count: int = 0) -> None:
    """P5 / M-4: one tile at a time, round-robin from the Abbot, until done or the bag is empty."""
    if not count:
        count = core.DRAWS[core.hour(st)]
    order = _order_from(st, st.abbot)
    for _ in range(count):
        for s in order:
            if core.draw(st, s, events) < 0:
                return


# Brewhouse, prayer hours and Night ------------------------------------------------------------


def _brewers(st: MonasteryState) -> list[int]:
    """M-44/M-45: fixed at the start of the round."""
    if st.simple:
        return []
    brew = next((i for i, t in enumerate(INSTANCES) if t.symbol == "brewhouse"), -1)
    if brew < 0 or st.tpos[brew] < 0 or not st.tfin[brew]:
        return []
    on = [m for m in range(20) if st.mloc[m] == brew]
    if any(st.mstate[m] != 0 for m in on):
        return []
    seats = {core.owner(st, m) for m in on}
    out = []
    for s in st.order:
        if s in seats and _brew_choices(st, s, night=core.hour(st) == 10):
            out.append(s)
    return out


def _brew_choices(st: MonasteryState, seat: int, night: bool) -> list[Any]:
    out: list[Any] = []
    seen = set()
    for m in core.seat_monks(st, seat):
        loc = st.mloc[m]
        if loc < 0 or st.mstate[m] == 2 or m in st.kept:
            continue
        x, y = cell_xy(st.tpos[loc])
        if night:
            a: Any = Keep(x, y, st.mbox[m])
        elif st.mstate[m] == 1:
            a = Stand(x, y)
        else:
            continue
        if a not in seen:
            seen.add(a)
            out.append(a)
    return out


def _brew_legal(st: MonasteryState, seat: int) -> list[Any]:
    return [*_brew_choices(st, seat, core.hour(st) == 10), End()]


def _brew_apply(st: MonasteryState, seat: int, action: Any, events: list[Event]) -> None:
    if isinstance(action, End):
        st.turn += 1
        if st.turn >= len(st.brewers):
            _after_brew(st, events)
        return
    node = st.grid[cell_key(action.x, action.y)]
    box = action.box if isinstance(action, Keep) else -1
    m = next(
        m
        for m in core.seat_monks(st, seat)
        if st.mloc[m] == node
        and st.mbox[m] == box
        and m not in st.kept
        and st.mstate[m] != 2
        and (isinstance(action, Keep) or st.mstate[m] == 1)
    )
    st.kept.append(m)
    st.mstate[m] = 0
    events.append(Event("brewhouse", {"seat": seat, "action": str(action)}))


def _to_abbey(st: MonasteryState, m: int) -> None:
    loc = st.mloc[m]
    if loc >= 0 and st.mbox[m] >= 0:
        st.tbox[loc][st.mbox[m]] = -1
    st.mloc[m] = -1
    st.mbox[m] = -1
    st.mstate[m] = 0


def _after_brew(st: MonasteryState, events: list[Event]) -> None:
    if core.hour(st) == 10:
        # N2: everyone else goes home.
        for m in range(20):
            if st.mloc[m] >= 0 and m not in st.kept:
                _to_abbey(st, m)
        st.kept = []
        events.append(Event("night", {"round": st.round}))
        st.phase = "night"
        _next_round(st, events)
        return
    # P2: every other praying monk, prisoners included, returns.
    for m in range(20):
        if st.mloc[m] >= 0 and st.mstate[m] != 0:
            _to_abbey(st, m)
    st.kept = []
    counts = [0] * st.n
    for m in range(20):
        if st.mloc[m] == -1:
            counts[core.owner(st, m)] += 1
    st.phase = "prayer_after_election"
    election(st, counts, 0, events)
    _settle(st, events)


def election(st: MonasteryState, counts: list[int], ctx: int, events: list[Event]) -> None:
    """M-47 (ctx 0: prayer hour) and M-42 (ctx 1: Abbot's House)."""
    best = max(counts)
    tied = [s for s in range(st.n) if counts[s] == best]
    events.append(Event("election", {"counts": counts, "tied": tied}))
    if len(tied) == 1:
        _set_abbot(st, tied[0], ctx, events)
        return
    candidates = [s for s in tied if s != st.abbot]
    if len(candidates) == 1:
        _set_abbot(st, candidates[0], ctx, events)
        return
    st.pending.append([P_TIE, st.abbot, ctx, *candidates])


def _prison(st: MonasteryState) -> int:
    i = next(i for i, t in enumerate(INSTANCES) if t.symbol == "prison")
    if st.tpos[i] < 0 or not st.tfin[i] or st.tbuilt[i] == st.round:
        return -1
    if sum(1 for m in range(20) if st.mloc[m] == i) >= 2:
        return -1
    return i


def _set_abbot(st: MonasteryState, seat: int, ctx: int, events: list[Event]) -> None:
    st.abbot = seat
    events.append(Event("abbot", {"seat": seat}))
    if _prison(st) >= 0 and any(st.mloc[m] == -1 for m in range(20)):
        st.pending.append([P_PRISON, seat, ctx])


def _imprison(st: MonasteryState, colour: int, events: list[Event]) -> None:
    if colour < 0:
        return
    cell = _prison(st)
    m = next(m for m in range(colour * 5, colour * 5 + 5) if st.mloc[m] == -1)
    st.mloc[m] = cell
    st.mstate[m] = 2
    events.append(Event("imprison", {"colour": COLOUR_LETTERS[colour]}))


# End ----------------------------------------------------------------------------------------


def _game_over(st: MonasteryState, events: list[Event]) -> None:
    st.over = 1
    st.phase = "over"
    st.pending = []
    events.append(Event("game_over", {"scores": list(result(st).scores)}))


def testament(st: MonasteryState, seat: int) -> dict[str, int]:
    """§4.6 / M-58."""
    letters = sum(1 for v in st.track[st.colour[seat]] if v == 1)
    penalty = sum(INSTANCES[t].value for t in st.hand[seat])
    return {
        "letters": 3 * letters,
        "blessings": st.bless[seat],
        "unlaid": -penalty,
        "total": 3 * letters + st.bless[seat] - penalty,
    }


def result(st: MonasteryState) -> Result:
    if not st.over:
        raise ValueError("the game is not over")
    parts = [testament(st, s) for s in range(st.n)]
    own = [p["total"] for p in parts]
    if st.team:
        scores = [
            own[s] + own[core.seat_of_colour(st, (st.colour[s] + 2) % 4)] for s in range(st.n)
        ]
        # M-59: the team holding the lowest tied row wins.
        keys = [(scores[s], max(st.colour[s], (st.colour[s] + 2) % 4)) for s in range(st.n)]
    else:
        scores = own
        keys = [(scores[s], st.colour[s]) for s in range(st.n)]
    best = max(keys)
    winners = tuple(s for s in range(st.n) if keys[s] == best)
    ranks = tuple(1 + sum(1 for o in keys if o > k) for k in keys)
    return Result(
        scores=tuple(float(x) for x in scores),
        winners=winners,
        ranks=ranks,
        breakdown={
            "testament": parts,
            "colours": [COLOUR_LETTERS[c] for c in st.colour],
            "end": ["E3", "E1", "E2"][st.ending],
            "round": st.round,
        },
    )


__all__ = [
    "apply",
    "begin_round",
    "e2_holds",
    "election",
    "legal_actions",
    "new_state",
    "result",
    "testament",
    "to_act",
    "why_illegal",
]
