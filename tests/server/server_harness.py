"""Real server processes and real clients for the server and browser tests.

A server runs as ``python -m monastic.cli serve`` in a subprocess on a free loopback port,
against a SQLite file or a fresh database on the PostgreSQL server named by
``MONASTIC_TEST_POSTGRES`` (``.ci/run`` starts one). Clients speak HTTP (httpx) and
WebSocket (websockets) to it, exactly as a browser would.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import monastic

POSTGRES_ENV = "MONASTIC_TEST_POSTGRES"
SOURCE = str(Path(monastic.__file__).resolve().parents[1])


def postgres_url() -> str | None:
    return os.environ.get(POSTGRES_ENV) or None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def new_postgres_database(base: str) -> str:
    """A fresh, empty database on the test PostgreSQL server; its URL."""
    name = "monastic_test_" + secrets.token_hex(4)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    head, _, _ = base.rpartition("/")
    return f"{head}/{name}"


def drop_postgres_database(base: str, url: str) -> None:
    name = url.rpartition("/")[2].split("?")[0]
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def database(kind: str, folder: Path) -> str:
    """A new empty database of ``kind`` ("sqlite" or "postgresql") for one server."""
    if kind == "sqlite":
        return str(folder / f"server-{secrets.token_hex(3)}.sqlite3")
    base = postgres_url()
    assert base, f"set {POSTGRES_ENV} to a PostgreSQL URL (.ci/run does)"
    return new_postgres_database(base)


@dataclass
class ServerProcess:
    """One ``monastic serve`` subprocess."""

    db: str
    port: int
    args: list[str] = field(default_factory=list)
    proc: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        self.launch()
        return self.wait_ready(timeout)

    def launch(self) -> None:
        command = [sys.executable, "-m", "monastic.cli", "serve", "--port", str(self.port)]
        command += ["--db", self.db, "--allow-seed", "--quiet", *self.args]
        env = dict(os.environ, PYTHONPATH=SOURCE + os.pathsep + os.environ.get("PYTHONPATH", ""))
        if self.log_path:
            with open(self.log_path, "ab") as log:  # the child keeps its own handle
                self.proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        else:
            self.proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)

    def wait_ready(self, timeout: float = 60.0) -> ServerProcess:
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}: {self.log()}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not start in {timeout} s: {self.log()}")

    def log(self) -> str:
        if self.log_path and self.log_path.exists():
            return self.log_path.read_text(errors="replace")[-3000:]
        return ""

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing the server could do."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        # The bot workers lose their parent; they exit when they find the pipe closed.

    def api(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30)


QUICK = ["--bot-delay", "0", "--bot-workers", "1", "--analysis-bot", "ismcts:iterations=8"]


def start_server(
    db: str, folder: Path, args: list[str] | None = None, port: int | None = None
) -> ServerProcess:
    return start_servers(db, folder, 1, args, port)[0]


def start_servers(
    db: str, folder: Path, count: int, args: list[str] | None = None, port: int | None = None
) -> list[ServerProcess]:
    """``count`` server processes on one database, started side by side."""
    servers = []
    for index in range(count):
        server = ServerProcess(db, (port + index) if port else free_port(), list(args or QUICK))
        server.log_path = folder / f"server-{server.port}.log"
        server.launch()
        servers.append(server)
    return [server.wait_ready() for server in servers]


def create_table(
    api: httpx.Client,
    game: str,
    seats: list[str],
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    name: str | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats}
    if options:
        body["options"] = options
    if seed is not None:
        body["seed"] = seed
    if name is not None:
        body["name"] = name
    if settings:
        body["settings"] = settings
    reply = api.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    out: dict[str, Any] = reply.json()
    return out


def join(api: httpx.Client, table: str, name: str, seat: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    reply = api.post(f"/api/tables/{table}/join", json=body)
    assert reply.status_code == 200, reply.text
    out: dict[str, Any] = reply.json()
    return out


class Client:
    """One WebSocket connection to a table, keeping every message it was sent."""

    def __init__(self, server: ServerProcess, table: str, token: str | None = None) -> None:
        self.table = table
        url = f"{server.ws_url}/ws/{table}"
        self.ws: ClientConnection = connect(url, max_size=None).__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.raw: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.latest: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.closed = False

    @property
    def view(self) -> dict[str, Any]:
        assert self.latest is not None, "no snapshot yet"
        view: dict[str, Any] = self.latest["view"]
        return view

    @property
    def version(self) -> int:
        assert self.latest is not None
        version: int = self.latest["version"]
        return version

    def _take(self, text: str) -> dict[str, Any]:
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        self.messages.append(message)
        if message["type"] in ("snapshot", "update"):
            self.latest = message
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        return self._take(str(self.ws.recv(timeout=timeout)))

    def poll(self) -> int:
        """Take whatever has arrived without waiting; the number of messages taken."""
        taken = 0
        while True:
            try:
                self._take(str(self.ws.recv(timeout=0)))
                taken += 1
            except TimeoutError:
                return taken
            except ConnectionClosed:
                self.closed = True
                return taken

    def wait(self, test: Callable[[dict[str, Any]], bool], timeout: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such message in {timeout} s; last: {self.messages[-3:]}")
            message = self.recv(timeout=left)
            if test(message):
                return message

    def ready(self, timeout: float = 30.0) -> dict[str, Any]:
        """The first snapshot."""
        if self.latest is not None:
            return self.latest
        return self.wait(lambda m: m["type"] == "snapshot", timeout)

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def move(self, action: str, version: int | None = None) -> None:
        self.send(
            {
                "type": "move",
                "version": self.version if version is None else version,
                "action": action,
            }
        )

    def error(self, timeout: float = 20.0) -> dict[str, Any]:
        return self.wait(lambda m: m["type"] == "error", timeout)

    def ping(self) -> dict[str, Any]:
        self.send({"type": "ping"})
        return self.wait(lambda m: m["type"] == "pong")

    def close(self) -> None:
        self.ws.close()


Chooser = Callable[[dict[str, Any]], str]


def first_action(view: dict[str, Any]) -> str:
    actions: list[str] = view["decision"]["actions"]
    return actions[0]


def play_out(
    clients: list[Client],
    choose: Chooser = first_action,
    timeout: float = 120.0,
    stop: Callable[[], bool] | None = None,
) -> None:
    """Play every client's decisions until the game is over (or ``stop`` says so)."""
    for client in clients:
        client.ready()
    asked: dict[int, int] = {}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for client in clients:
            client.poll()
        if all(c.latest and c.view["over"] for c in clients):
            return
        if stop is not None and stop():
            return
        for index, client in enumerate(clients):
            if client.latest is None:
                continue
            view = client.view
            if view["decision"] and asked.get(index) != client.version:
                asked[index] = client.version
                client.move(choose(view))
        time.sleep(0.005)
    raise TimeoutError("the game did not end in time")


def iter_views(client: Client) -> Iterator[dict[str, Any]]:
    for message in client.messages:
        if message["type"] in ("snapshot", "update"):
            yield message["view"]
