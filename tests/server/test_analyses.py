"""The analysis worker: a pool whose worker dies is replaced and the analysis tried again;
when it fails for good, the next request hears why, once, and the one after starts afresh.

A worker is ended as the kernel's out-of-memory killer would end it: at once, with no word.
"""

from __future__ import annotations

import asyncio
import functools
import os
import time
from pathlib import Path

import pytest

from monastic.engine import Record
from monastic.server.analyses import Analyses

RECORD = Record("medieval-monastery", 2, 7, {}, [], ["Ann", "Bob"])


def _page_after_one_death(marker: str, record_json: str, spec: str, seed: int) -> str:
    if not Path(marker).exists():
        Path(marker).write_text("died once")
        os._exit(1)
    return f"<p>{Record.from_data(record_json).names} by {spec}</p>"


def _always_dies(record_json: str, spec: str, seed: int) -> str:
    os._exit(1)


def _raises(record_json: str, spec: str, seed: int) -> str:
    raise ValueError("a bug in the analysis")


def _run(analyses: Analyses, table: str) -> str | None:
    async def go() -> str | None:
        try:
            return await analyses.start(table, RECORD)
        finally:
            analyses.close()

    return asyncio.run(go())


def test_a_worker_that_dies_is_replaced_and_the_analysis_done(tmp_path: Path) -> None:
    work = functools.partial(_page_after_one_death, str(tmp_path / "marker"))
    analyses = Analyses("ismcts:iterations=8", work=work)
    page = _run(analyses, "t1")
    assert page == "<p>['Ann', 'Bob'] by ismcts:iterations=8</p>"
    assert (tmp_path / "marker").exists()  # the first worker did die
    assert analyses.ready("t1") == page
    assert analyses.failure("t1") is None and not analyses.running("t1")


def test_an_analysis_that_fails_for_good_is_told_once() -> None:
    analyses = Analyses("ismcts:iterations=8", work=_always_dies)
    assert _run(analyses, "t2") is None
    assert analyses.ready("t2") is None and not analyses.running("t2")
    assert analyses.failure("t2") == "the process working on it stopped before the end, twice"
    assert analyses.failure("t2") is None  # told once: the next request starts it anew


def test_an_error_in_the_analysis_is_told_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    analyses = Analyses("ismcts:iterations=8", work=_raises)
    assert _run(analyses, "t3") is None
    assert analyses.failure("t3") == "it raised an error (the server's log has it)"
    assert "a bug in the analysis" in caplog.text


# Starlette's test client warns that it prefers the httpx2 package; httpx serves it the same.
@pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient` is deprecated")
def test_the_page_says_an_analysis_failed_once_then_starts_it_again(tmp_path: Path) -> None:
    """Through the server's own routes (in process, a real SQLite file and bot pool): a
    finished table's analysis that fails gives a 500 page in the player's words, and the
    request after it starts the analysis again."""
    from starlette.testclient import TestClient

    from monastic.server.app import create_app
    from monastic.server.config import ServerConfig, database_url

    url = database_url(str(tmp_path / "server.sqlite3"))
    config = ServerConfig(url, bot_workers=1, bot_delay=0.0)
    app = create_app(config)
    with TestClient(app) as client:
        app.state.analyses = Analyses("ismcts:iterations=8", work=_always_dies)
        made = client.post(
            "/api/tables",
            json={"game": "medieval-monastery", "players": 2, "seats": ["random", "random"]},
        )
        assert made.status_code == 201, made.text
        table = made.json()["table"]
        deadline = time.monotonic() + 120
        while client.get(f"/api/tables/{table}").json()["table"]["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish their game"
            time.sleep(0.2)
        page = client.get(f"/analysis/{table}")
        assert page.status_code == 202 and "Analysing this game" in page.text
        while page.status_code == 202:
            assert time.monotonic() < deadline, "the analysis neither ended nor failed"
            time.sleep(0.2)
            page = client.get(f"/analysis/{table}")
        assert page.status_code == 500
        assert "The analysis of this game of Medieval Monastery failed" in page.text
        assert "the process working on it stopped before the end, twice" in page.text
        assert f'href="/analysis/{table}">Try again' in page.text
        again = client.get(f"/analysis/{table}")
        assert again.status_code == 202  # started afresh
