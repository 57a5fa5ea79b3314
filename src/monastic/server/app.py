"""The ASGI application: pages, the JSON API, and one WebSocket per table connection."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from monastic.engine import load_game
from monastic.server.analyses import Analyses, record_of
from monastic.server.botpool import BotPool
from monastic.server.config import BOT_LEVELS, ServerConfig
from monastic.server.connection import Connection
from monastic.server.hub import Hub, Refused
from monastic.server.live import LiveTable
from monastic.server.metrics import Metrics
from monastic.server.notify import Listener
from monastic.server.protocol import ClientMessage, ProtocolError, parse_client_message
from monastic.server.replays import Replays
from monastic.server.store import Store, TableRow
from monastic.server.tables import (
    BadRequest,
    check_name,
    game_catalogue,
    new_table,
    table_summary,
)

__all__ = ["create_app"]

log = logging.getLogger("monastic.server")
WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 16_384
HELLO_TIMEOUT = 15.0


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise BadRequest(f"request too long: {len(raw)} bytes (at most {MAX_BODY})")
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadRequest("the request is not valid JSON") from None


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


# Pages -----------------------------------------------------------------------------------


async def lobby_page(request: Request) -> Response:
    return FileResponse(WEB / "index.html")


async def table_page(request: Request) -> Response:
    return FileResponse(WEB / "table.html")


async def replay_page(request: Request) -> Response:
    return FileResponse(WEB / "replay.html")


# The JSON API ----------------------------------------------------------------------------


async def games(request: Request) -> Response:
    return JSONResponse({"games": game_catalogue(), "bot_levels": list(BOT_LEVELS)})


async def list_tables(request: Request) -> Response:
    hub = _hub(request)
    rows = await hub.store.run(hub.store.list_tables, hub.config.max_tables_listed)
    return JSONResponse({"tables": [table_summary(row) for row in rows]})


async def create_table(request: Request) -> Response:
    hub = _hub(request)
    try:
        body = await _body(request)
        row = new_table(body, hub.config.allow_seed)
        name = check_name(body["name"]) if body.get("name") is not None else None
    except BadRequest as err:
        return _error(str(err))
    await hub.create(row)
    out: dict[str, Any] = {"table": row.id, "url": f"/table/{row.id}"}
    if name is not None and any(s.human for s in row.seats):
        joined = await hub.join(row.id, name, None)
        out.update(seat=joined.seat, token=joined.token)
    live = await hub.table(row.id)
    if live is not None:
        hub.after_change(live)
    return JSONResponse(out, status_code=201)


async def get_table(request: Request) -> Response:
    live = await _hub(request).table(request.path_params["table_id"])
    if live is None:
        return _error("there is no such table", 404)
    return JSONResponse({"table": live.public()})


async def join_table(request: Request) -> Response:
    hub = _hub(request)
    try:
        body = await _body(request)
        if not isinstance(body, dict):
            raise BadRequest("the request must be a JSON object")
        extra = sorted(set(body) - {"name", "seat"})
        if extra:
            raise BadRequest(f"unknown field {extra[0]!r} (known: name, seat)")
        name = check_name(body.get("name"))
        seat = body.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise BadRequest("'seat' must be a seat number")
        joined = await hub.join(request.path_params["table_id"], name, seat)
    except BadRequest as err:
        return _error(str(err))
    except Refused as err:
        return _error(str(err), 404 if err.code == "not-found" else 409)
    return JSONResponse({"table": joined.table, "seat": joined.seat, "token": joined.token})


async def rematch(request: Request) -> Response:
    hub = _hub(request)
    live = await hub.table(request.path_params["table_id"])
    if live is None:
        return _error("there is no such table", 404)
    seat = hub.seat_of(live, request.headers.get("x-seat-token", ""))
    if seat is None:
        return _error("only a player of this table may ask for a rematch", 403)
    try:
        joined = await hub.rematch(live, seat)
    except Refused as err:
        return _error(str(err), 409)
    return JSONResponse({"table": joined.table, "seat": joined.seat, "token": joined.token})


async def replay(request: Request) -> Response:
    hub = _hub(request)
    table_id = request.path_params["table_id"]
    loaded = await hub.store.run(hub.store.load, table_id)
    if loaded is None:
        return _error("there is no such table", 404)
    row, moves = loaded
    if row.status != "finished":
        return _error("only finished games can be replayed", 409)
    try:
        seat_text = request.query_params.get("seat", "")
        seat = None if seat_text in ("", "spectator") else int(seat_text)
        step = int(request.query_params.get("step", "0"))
    except ValueError:
        return _error("'seat' must be a seat number or 'spectator', 'step' a whole number")
    if seat is not None and not 0 <= seat < row.players:
        return _error(f"there is no seat {seat} (seats are 0..{row.players - 1})")
    replays: Replays = request.app.state.replays
    out = await asyncio.to_thread(replays.step, row, moves, step, seat)
    return JSONResponse(out)


async def analysis(request: Request) -> Response:
    """A finished table's analysis page; the first request starts it (the page says wait)."""
    hub = _hub(request)
    table_id = request.path_params["table_id"]
    analyses: Analyses = request.app.state.analyses
    page = analyses.ready(table_id)
    if page is not None:
        return HTMLResponse(page)
    loaded = await hub.store.run(hub.store.load, table_id)
    if loaded is None:
        return _error("there is no such table", 404)
    row, moves = loaded
    if row.status != "finished":
        return _error("only finished games can be analysed", 409)
    failed = analyses.failure(table_id)
    if failed is not None:
        return HTMLResponse(_failed_page(row, failed), status_code=500)
    analyses.start(table_id, record_of(row, moves))
    return HTMLResponse(_waiting_page(row, len(moves), analyses.spec), status_code=202)


def _failed_page(row: TableRow, why: str) -> str:
    title = html.escape(load_game(row.game).title)
    table = html.escape(row.id)
    return _analysis_shell(
        f"Analysis failed: {title}",
        f"<h1>The analysis of this game of {title} failed</h1>"
        f"<p>It did not finish: {html.escape(why)}. The game itself is kept as it was.</p>"
        f'<p><a href="/analysis/{table}">Try again</a> · <a href="/table/{table}">Back to'
        " the table</a></p>",
    )


def _waiting_page(row: TableRow, moves: int, spec: str) -> str:
    title = html.escape(load_game(row.game).title)
    return _analysis_shell(
        f"Analysing {title}",
        f"<h1>Analysing this game of {title}</h1>"
        f"<p>The search ({html.escape(spec)}) goes through all {moves} moves, judging each"
        " decision from what its player knew then. This page reloads by itself and shows"
        " the report when it is ready (a minute or a few).</p>"
        f'<p><a href="/table/{html.escape(row.id)}">Back to the table</a></p>',
        refresh=True,
    )


def _analysis_shell(title: str, body: str, refresh: bool = False) -> str:
    """A small page of the analysis route (``title`` and ``body`` already escaped)."""
    reload = '<meta http-equiv="refresh" content="3">' if refresh else ""
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">{reload}'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title>"
        '<link rel="stylesheet" href="/static/css/style.css"></head><body><main>'
        f"{body}</main></body></html>"
    )


async def metrics(request: Request) -> Response:
    measured: Metrics = request.app.state.metrics
    if request.method == "POST":
        measured.reset()
    return JSONResponse(measured.summary())


# WebSockets ------------------------------------------------------------------------------


async def table_socket(websocket: WebSocket) -> None:
    hub = _hub(websocket)
    await websocket.accept()
    live = await hub.table(websocket.path_params["table_id"])
    if live is None:
        await websocket.send_json({"type": "error", "message": "there is no such table"})
        await websocket.close(code=4404)
        return
    seat = await _hello(hub, live, websocket)
    if seat is False:
        return
    conn = Connection(websocket, seat if isinstance(seat, int) else None)
    await hub.attach(live, conn)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            await _handle(hub, live, conn, raw)
    except WebSocketDisconnect:
        pass
    finally:
        await hub.detach(live, conn)


async def _hello(hub: Hub, live: LiveTable, websocket: WebSocket) -> int | None | bool:
    """The seat of a new connection (None: a spectator); False if it was refused."""
    try:
        message = await asyncio.wait_for(websocket.receive(), timeout=HELLO_TIMEOUT)
    except TimeoutError:
        await websocket.close(code=4408)
        return False
    if message["type"] == "websocket.disconnect":
        return False
    try:
        raw = message.get("text") or message.get("bytes") or b""
        hello = parse_client_message(raw, hub.config.max_message, hub.config.max_chat)
        if hello.type != "hello":
            raise ProtocolError("the first message must be a 'hello'")
    except ProtocolError as err:
        await websocket.send_json({"type": "error", "message": str(err)})
        await websocket.close(code=4400)
        return False
    if hello.token is None:
        return None
    seat = hub.seat_of(live, hello.token)
    if seat is None:
        await websocket.send_json(
            {"type": "error", "code": "bad-token", "message": "this token holds no seat here"}
        )
        await websocket.close(code=4403)
        return False
    return seat


async def _handle(hub: Hub, live: LiveTable, conn: Connection, raw: str | bytes) -> None:
    started = time.perf_counter()
    kind = "?"
    try:
        message: ClientMessage = parse_client_message(
            raw, hub.config.max_message, hub.config.max_chat
        )
        kind = message.type
        if message.type == "move":
            assert message.version is not None and message.action is not None
            await hub.move(live, conn.seat, message.version, message.action, started=started)
        elif message.type == "undo":
            assert message.version is not None
            await hub.undo(live, conn.seat, message.version)
        elif message.type == "chat":
            assert message.text is not None
            await hub.chat(live, conn.seat, message.text)
        elif message.type == "replace":
            assert message.seat is not None and message.bot is not None
            await hub.replace(live, conn.seat, message.seat, message.bot)
        elif message.type == "return":
            await hub.take_back_seat(live, conn.seat)
        elif message.type == "ping":
            conn.send({"type": "pong", "version": live.version})
        elif message.type == "hello":
            raise ProtocolError("this connection has said hello already")
    except (ProtocolError, Refused) as err:
        code = err.code if isinstance(err, Refused) else "bad-message"
        conn.send(
            {
                "type": "error",
                "code": code,
                "request": kind,
                "message": str(err),
                "version": live.version,
            }
        )


# The application -------------------------------------------------------------------------


def create_app(config: ServerConfig) -> Starlette:
    """The server application for one process."""
    origin = f"{os.getpid()}-{secrets.token_hex(4)}"

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(config.db_url, origin)
        await store.run(store.migrate)
        pool = BotPool(config.bot_workers)
        warming = asyncio.get_running_loop().create_task(pool.warm())  # in the background
        measured = Metrics()
        hub = Hub(config, store, pool, measured)
        app.state.hub = hub
        app.state.metrics = measured
        app.state.replays = Replays()
        app.state.analyses = Analyses(config.analysis_bot)
        listener = None
        if store.is_postgres:
            listener = Listener(config.db_url, origin, hub.refresh, hub.refresh_all)
            listener.start()
            await asyncio.wait_for(listener.ready.wait(), timeout=30)
        await hub.resume()
        hub.start_watchdog()
        try:
            yield
        finally:
            if listener is not None:
                await listener.stop()
            await hub.close()
            app.state.analyses.close()
            warming.cancel()
            pool.close()
            store.close()

    routes = [
        Route("/", lobby_page),
        Route("/table/{table_id}", table_page),
        Route("/replay/{table_id}", replay_page),
        Route("/analysis/{table_id}", analysis),
        Route("/api/games", games),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", get_table),
        Route("/api/tables/{table_id}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", replay),
        Route("/api/metrics", metrics, methods=["GET", "POST"]),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=WEB), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
