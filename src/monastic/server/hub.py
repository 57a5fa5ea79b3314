"""The tables of one server process: moves, take-backs, seats, chat, bots and clocks.

Every change to a table runs under that table's lock: checked, applied to a copy of the
state, stored (with the version it was made against) and only then installed and broadcast.
The process that made a change also starts what follows from it: the next bot decision and
the Study clock. Changes made by other processes on the same PostgreSQL database arrive as
notifications and are replayed here from the stored moves (``refresh``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from monastic.engine import ActionSyntaxError, State, fresh_seed
from monastic.engine.input import Unresolved, resolve
from monastic.engine.undo import seal_reason
from monastic.server.botpool import BotPool
from monastic.server.config import BOT_LEVELS, ServerConfig
from monastic.server.connection import Connection
from monastic.server.live import LiveTable, Played
from monastic.server.metrics import Metrics, Tracker
from monastic.server.store import SeatRow, Store, TableRow

__all__ = ["Hub", "Refused", "hash_token", "new_token"]

log = logging.getLogger("monastic.server")


class Refused(Exception):
    """A request that was refused; the text says why and nothing has changed."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _seed_for(seed: int, version: int, seat: int) -> int:
    return (seed * 1_000_003 + version * 7919 + seat) % (2**62)


@dataclass(frozen=True, slots=True)
class Joined:
    table: str
    seat: int
    token: str


class Hub:
    """The live tables of this process and everything that changes them."""

    def __init__(self, config: ServerConfig, store: Store, pool: BotPool, metrics: Metrics):
        self.config = config
        self.store = store
        self.pool = pool
        self.metrics = metrics
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        # Stalled-looking tables found waiting on a person, by the version they were seen at:
        # the watchdog leaves them alone until they change.
        self._waiting_on_people: dict[str, int] = {}

    # Loading ---------------------------------------------------------------------------

    async def table(self, table_id: str) -> LiveTable | None:
        """The live table (loaded from storage on first use), or None if there is none."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                live = self.tables.get(table_id)
                if live is None:
                    loaded = await self.store.run(self.store.load, table_id)
                    if loaded is None:
                        return None
                    row, moves = loaded
                    chat = await self.store.run(self.store.chat_since, table_id, 0, 50)
                    live = LiveTable(row, moves, chat)
                    self.tables[table_id] = live
        finally:
            if not lock.locked():
                self._loading.pop(table_id, None)
        return live

    async def resume(self) -> int:
        """Load every running table and start its bots and clocks (after a restart)."""
        ids = await self.store.run(self.store.running_ids)
        for table_id in ids:
            live = await self.table(table_id)
            if live is not None:
                self.after_change(live)
        return len(ids)

    # Seats -----------------------------------------------------------------------------

    def seat_of(self, live: LiveTable, token: str) -> int | None:
        """The seat whose secret this is, or None."""
        digest = hash_token(token)
        for seat in live.row.seats:
            if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None

    async def create(self, row: TableRow) -> None:
        await self.store.run(self.store.create_table, row)

    async def join(
        self, table_id: str, name: str, seat: int | None, previous: str | None = None
    ) -> Joined:
        """Seat ``name`` (in ``seat``, or the first free one). ``previous`` is the token hash
        of the asker's seat in the game before a rematch: it opens the seat held for them."""
        live = await self.table(table_id)
        if live is None:
            raise Refused(f"there is no table {table_id!r}", "not-found")
        async with live.lock:
            now = time.time()
            free = [s.seat for s in live.row.seats if s.free_for(now, previous)]
            held = [s.seat for s in live.row.seats if not s.taken and s.held(now)]
            if not free:
                if held:
                    raise Refused(
                        "the free seats of this rematch are kept a little longer for the"
                        " players of the game before; you may watch it"
                    )
                raise Refused("every seat at this table is taken; you may watch it")
            if seat is None:
                mine = [s.seat for s in live.row.seats if previous and s.held_for == previous]
                seat = mine[0] if mine and mine[0] in free else free[0]
            elif seat not in free:
                why = "is kept for its player of the game before" if seat in held else "is not free"
                raise Refused(f"seat {seat} {why} (free seats: {', '.join(map(str, free))})")
            token = new_token()
            status = await self.store.run(
                self.store.take_seat, table_id, seat, name, hash_token(token), previous
            )
            if status is None:
                await self._reload_row(live)
                raise Refused(f"seat {seat} was taken a moment ago")
            entry = live.row.seats[seat]
            entry.name, entry.token_hash = name, hash_token(token)
            live.row.status = status if live.row.status == "open" else live.row.status
            self._broadcast_table(live)
        self.after_change(live)
        return Joined(table_id, seat, token)

    async def replace(self, live: LiveTable, requester: int | None, seat: int, bot: str) -> None:
        """Seat a bot of level ``bot`` in a person's seat (the holder's own, or an absent
        player's after ``replace_after`` seconds)."""
        async with live.lock:
            if requester is None:
                raise Refused("spectators cannot seat bots")
            if not 0 <= seat < live.row.players:
                raise Refused(f"there is no seat {seat}")
            entry = live.row.seats[seat]
            if not entry.human:
                raise Refused(f"seat {seat} is a bot's seat")
            if entry.bot is not None:
                raise Refused(f"a bot already plays seat {seat}")
            if live.row.status != "running":
                raise Refused("bots take seats only while the game is running")
            if seat != requester:
                if any(c.seat == seat for c in live.conns):
                    raise Refused(f"the player of seat {seat} is still here")
                away = time.time() - live.away_since.get(seat, live.loaded_at)
                if away < self.config.replace_after:
                    wait = self.config.replace_after - away
                    raise Refused(f"seat {seat} has been away only briefly; wait {wait:.0f} s")
            await self.store.run(self.store.set_bot, live.row.id, seat, bot)
            entry.bot = bot
            self._broadcast_table(live)
        self.after_change(live)

    async def take_back_seat(self, live: LiveTable, seat: int | None) -> None:
        """The holder of a seat plays it again in place of its bot."""
        async with live.lock:
            if seat is None:
                raise Refused("spectators hold no seat")
            entry = live.row.seats[seat]
            if entry.bot is None or not entry.human:
                raise Refused("you are playing your seat already")
            await self.store.run(self.store.set_bot, live.row.id, seat, None)
            entry.bot = None
            self._broadcast_table(live)

    async def rematch(self, live: LiveTable, seat: int) -> Joined:
        """The table's rematch (made on first request), with ``seat`` taken by its asker."""
        if live.row.status != "finished":
            raise Refused("a rematch can be asked once the game is over")
        row = live.row
        # Each person's seat waits a while for its player of this game, so the same people
        # can play again without a stranger from the lobby taking a seat first.
        hold_until = time.time() + self.config.rematch_hold
        fresh = TableRow(
            id=secrets.token_urlsafe(6),
            game=row.game,
            players=row.players,
            options=dict(row.options),
            seed=fresh_seed(),
            settings=dict(row.settings),
            status="open",
            version=0,
            created_at=time.time(),
            updated_at=time.time(),
            seats=[
                SeatRow(s.seat, False, s.name, None, s.bot)
                if not s.human
                else SeatRow(s.seat, True, held_for=s.token_hash, held_until=hold_until)
                for s in row.seats
            ],
            rematch_of=row.id,
        )
        rematch_id = await self.store.run(self.store.set_rematch, row.id, fresh)
        async with live.lock:
            live.row.rematch = rematch_id
            self._broadcast_table(live)
        name = row.seats[seat].name or f"Seat {seat}"
        return await self.join(rematch_id, name, None, row.seats[seat].token_hash)

    # Connections -----------------------------------------------------------------------

    async def attach(self, live: LiveTable, conn: Connection) -> None:
        async with live.lock:
            live.conns.add(conn)
            if conn.seat is not None:
                live.away_since.pop(conn.seat, None)
            conn.send(live.snapshot(conn.seat, self.config.log_lines))
            self._broadcast_table(live, skip=conn)

    async def detach(self, live: LiveTable, conn: Connection) -> None:
        async with live.lock:
            live.conns.discard(conn)
            if conn.seat is not None and not any(c.seat == conn.seat for c in live.conns):
                live.away_since[conn.seat] = time.time()
            self._broadcast_table(live)
            if self._idle(live):
                # Nobody watches and nothing runs: the table waits in the database.
                self.tables.pop(live.row.id, None)
        await conn.close()

    @staticmethod
    def _idle(live: LiveTable) -> bool:
        if live.conns or live.bot_task is not None or live.clock_task is not None:
            return False
        return live.row.status == "finished" or not any(s.bot for s in live.row.seats)

    def _broadcast_table(self, live: LiveTable, skip: Connection | None = None) -> None:
        message = {"type": "table", "table": live.public()}
        for conn in live.conns:
            if conn is not skip:
                conn.send(message)

    # Moves -----------------------------------------------------------------------------

    def _check_turn(self, live: LiveTable, seat: int | None, version: int, by: str) -> None:
        status = live.row.status
        if status == "open":
            free = sum(1 for s in live.row.seats if not s.taken)
            raise Refused(f"the game has not started: it waits for {free} more player(s)")
        if status == "finished" or live.state.is_over():
            raise Refused("the game is over")
        if seat is None:
            raise Refused("spectators cannot move")
        entry = live.row.seats[seat]
        if by == "seat" and entry.bot is not None:
            raise Refused("a bot plays your seat now; send 'return' to play it yourself")
        if by == "bot" and entry.bot is None:
            raise Refused(f"no bot plays seat {seat}")
        if version != live.version:
            raise Refused(
                f"stale: this was sent for version {version}, but the table is at version"
                f" {live.version}; the current view has been sent",
                "stale",
            )

    def _deadline_after(self, live: LiveTable, state: State) -> float | None:
        """When the table's clock runs out after a change that leads to ``state``."""
        clock = live.clock
        if clock is None or not clock.is_open(state):
            return None
        if live.row.clock_deadline is not None and clock.is_open(live.state):
            return live.row.clock_deadline
        seconds = live.row.settings.get(clock.setting, clock.default)
        return time.time() + float(seconds)

    async def move(
        self,
        live: LiveTable,
        seat: int | None,
        version: int,
        text: str,
        by: str = "seat",
        started: float | None = None,
    ) -> None:
        """Check, apply, store and broadcast one move; raises Refused."""
        started = time.perf_counter() if started is None else started
        async with live.lock:
            self._check_turn(live, seat, version, by)
            assert seat is not None
            state = live.state
            if seat not in state.to_act():
                acting = ", ".join(str(s) for s in state.to_act()) or "nobody"
                raise Refused(f"it is not your turn (to act: seat {acting})")
            # A person's loose text ("PLAY p3", a move without its cost) is read as the
            # terminal reads it (engine.input.resolve); the refusals keep the engine's
            # reasons to themselves.
            try:
                action = live.game.parse_action(text)
            except ActionSyntaxError as err:
                try:
                    action = resolve(state, seat, text)
                except Unresolved:
                    raise Refused(f"{text!r} is not an action: {err}") from None
            if not state.is_legal(seat, action):
                try:
                    action = resolve(state, seat, text)
                except Unresolved:
                    raise Refused(f"{text!r} is not one of your legal actions now") from None
            trial = state.clone()
            events = trial.apply(seat, action)
            sealed = True
            if by == "seat":
                seed = _seed_for(live.row.seed, version, seat)
                sealed = seal_reason(state, seat, action, trial, events, seed) is not None
            status = "finished" if trial.is_over() else "running"
            deadline = self._deadline_after(live, trial)
            try:
                stored = await self.store.run(
                    self.store.append_move,
                    live.row.id,
                    version,
                    seat,
                    str(action),
                    sealed,
                    by,
                    status,
                    deadline,
                )
            except Exception:
                log.exception("could not store a move of table %s", live.row.id)
                raise Refused("the move could not be stored; nothing changed") from None
            if stored is None:  # another server process moved first
                await self._catch_up(live)
                raise Refused(
                    "stale: another move was made first; the current view has been sent",
                    "stale",
                )
            live.row.status = status
            live.row.clock_deadline = deadline
            played = Played(stored, events)
            live.advance(trial, played, version + 1)
            self._broadcast_move(live, played, started)
        self.after_change(live)

    def _broadcast_move(self, live: LiveTable, played: Played, started: float) -> None:
        tracker = Tracker(self.metrics, started, len(live.conns))
        public = live.public()
        for conn in live.conns:
            conn.send(live.update(conn.seat, played, public), tracker)

    def _broadcast_snapshots(self, live: LiveTable, started: float | None = None) -> None:
        tracker = None
        if started is not None:
            tracker = Tracker(self.metrics, started, len(live.conns))
        for conn in live.conns:
            conn.send(live.snapshot(conn.seat, self.config.log_lines), tracker)

    async def undo(self, live: LiveTable, seat: int | None, version: int) -> None:
        """Take back the seat's latest move, if the take-back rule allows it."""
        started = time.perf_counter()
        async with live.lock:
            self._check_turn(live, seat, version, "seat")
            assert seat is not None
            if live.undo_count(seat) == 0:
                raise Refused(self._why_no_undo(live, seat), "no-undo")
            keep = [p.row for p in live.played[:-1]]
            state = live.fresh_state()
            for row in keep:
                state.apply(row.seat, row.action)
            deadline = self._deadline_after(live, state)
            ok = await self.store.run(
                self.store.undo_moves, live.row.id, version, [live.played[-1].row.seq], deadline
            )
            if not ok:
                await self._catch_up(live)
                raise Refused("stale: another move was made first", "stale")
            live.row.clock_deadline = deadline
            live.rebuild(keep, version + 1)
            self._broadcast_snapshots(live, started)
        self.after_change(live)

    @staticmethod
    def _why_no_undo(live: LiveTable, seat: int) -> str:
        mine = [p for p in live.played if p.row.seat == seat]
        if not mine:
            return "you have no move to take back"
        if live.played[-1].row.seat != seat:
            return "you cannot take back your move: another seat has acted since"
        return "you cannot take back your move: it revealed a chance outcome or hidden information"

    # Chat ------------------------------------------------------------------------------

    async def chat(self, live: LiveTable, seat: int | None, text: str) -> None:
        async with live.lock:
            if seat is None:
                raise Refused("spectators cannot chat")
            if not live.chat_open():
                raise Refused(
                    "table chat is closed now: the vow of silence allows it only in prayer hours"
                )
            name = live.row.seats[seat].name or f"Seat {seat}"
            line = await self.store.run(self.store.add_chat, live.row.id, seat, name, text)
            self._add_chat(live, [line])

    def _add_chat(self, live: LiveTable, lines: list[Any]) -> None:
        known = {line.id for line in live.chat}
        for line in lines:
            if line.id in known:
                continue
            live.chat.append(line)
            for conn in live.conns:
                conn.send({"type": "chat", "line": line.to_dict()})
        del live.chat[:-200]

    # What follows a change -------------------------------------------------------------

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def after_change(self, live: LiveTable) -> None:
        """Start the next bot decision and the clock, if the table needs them."""
        if live.row.status != "running" or live.state.is_over():
            return
        if live.row.clock_deadline is not None and live.clock_task is None:
            live.clock_task = self._spawn(self._run_clock(live))
        if live.bot_task is None:
            for seat in live.state.to_act():
                if live.row.seats[seat].bot is not None:
                    live.bot_task = self._spawn(self._bot_turn(live, seat, live.version))
                    break

    async def _bot_turn(self, live: LiveTable, seat: int, version: int) -> None:
        pause = self.config.bot_delay
        try:
            if pause:
                await asyncio.sleep(pause)
            level = live.row.seats[seat].bot
            if live.version != version or level is None:
                return
            text = await self.pool.choose(
                live.game.id,
                live.state.to_json(),
                seat,
                BOT_LEVELS[level],
                _seed_for(live.row.seed, version, seat),
            )
            started = time.perf_counter()
            with contextlib.suppress(Refused):  # a person moved or took the seat back first
                await self.move(live, seat, version, text, by="bot", started=started)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot of seat %s at table %s failed", seat, live.row.id)
            await asyncio.sleep(1.0)
        finally:
            live.bot_task = None
        self.after_change(live)

    async def _run_clock(self, live: LiveTable) -> None:
        clock = live.clock
        try:
            while clock is not None and live.row.clock_deadline is not None:
                wait = live.row.clock_deadline - time.time()
                if wait > 0:
                    await asyncio.sleep(min(wait, 5.0))
                    continue
                found = clock.expiry_move(live.state)
                if found is None:
                    return
                seat, text = found
                try:
                    await self.move(live, seat, live.version, text, by="clock")
                except Refused:
                    await asyncio.sleep(0.05)
        finally:
            live.clock_task = None

    # Other server processes ------------------------------------------------------------

    def start_watchdog(self) -> None:
        """Look for stalled tables now and then, for as long as the server runs."""
        self._spawn(self._watch())

    async def _watch(self) -> None:
        every = min(10.0, self.config.stalled_after / 2)
        while True:
            await asyncio.sleep(every)
            try:
                await self.take_over_stalled()
            except Exception:  # a database hiccup: try again next time
                log.exception("the watchdog could not check for stalled tables")

    async def take_over_stalled(self) -> int:
        """Drive the running tables whose bot or clock nobody drives (their process died):
        each is caught up with the database and its bot or clock started here. Returns how
        many were started. Two processes doing this at once is safe: a move is stored only
        against the version it was made for."""
        now = time.time()
        found = await self.store.run(self.store.stalled_ids, now - self.config.stalled_after, now)
        stalled = dict(found)
        for table_id in list(self._waiting_on_people):
            if stalled.get(table_id) != self._waiting_on_people[table_id]:
                del self._waiting_on_people[table_id]
        started = 0
        for table_id, version in found:
            if self._waiting_on_people.get(table_id) == version:
                continue
            live = await self.table(table_id)
            if live is None or live.bot_task is not None or live.clock_task is not None:
                continue
            async with live.lock:
                await self._catch_up(live)
            self.after_change(live)
            if live.bot_task is not None or live.clock_task is not None:
                started += 1
                log.warning("took over stalled table %s at version %s", table_id, live.version)
            else:
                self._waiting_on_people[table_id] = version
                if not live.conns:
                    self.tables.pop(table_id, None)
        return started

    async def refresh(self, table_id: str, kind: str, ref: int) -> None:
        """Take in a change another process stored (a PostgreSQL notification)."""
        live = self.tables.get(table_id)
        if live is None:
            return
        if kind == "chat":
            after = max((line.id for line in live.chat), default=0)
            lines = await self.store.run(self.store.chat_since, table_id, after)
            async with live.lock:
                self._add_chat(live, lines)
            return
        async with live.lock:
            await self._catch_up(live)

    async def refresh_all(self) -> None:
        """Catch every live table up with the database (notifications may have been lost)."""
        for live in list(self.tables.values()):
            async with live.lock:
                await self._catch_up(live)

    async def _reload_row(self, live: LiveTable) -> None:
        row = await self.store.run(self.store.get_table, live.row.id)
        if row is not None:
            live.row.seats = row.seats
            live.row.status = row.status
            live.row.rematch = row.rematch
            self._broadcast_table(live)

    async def _catch_up(self, live: LiveTable) -> None:
        """Bring the table to the stored version (under the table's lock)."""
        loaded = await self.store.run(self.store.load, live.row.id)
        if loaded is None:
            return
        row, stored = loaded
        live.row.seats, live.row.status = row.seats, row.status
        live.row.rematch, live.row.clock_deadline = row.rematch, row.clock_deadline
        if row.version == live.version:
            self._broadcast_table(live)
            return
        mine = [p.row.seq for p in live.played]
        if [m.seq for m in stored[: len(mine)]] == mine and len(stored) > len(mine):
            for index, move in enumerate(stored[len(mine) :]):
                state = live.state.clone()
                events = state.apply(move.seat, move.action)
                last = index == len(stored) - len(mine) - 1
                played = Played(move, events)
                live.advance(state, played, row.version if last else move.version + 1)
                self._broadcast_move(live, played, time.perf_counter())
        else:
            live.rebuild(stored, row.version)
            self._broadcast_snapshots(live)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        for live in self.tables.values():
            for conn in list(live.conns):
                await conn.close()
