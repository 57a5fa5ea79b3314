"""The build: the engine, the three games and the search compiled with mypyc, from the same
source that runs as pure Python.

``pip install .`` compiles them. ``MONASTIC_PURE=1`` builds pure Python, and so does every
editable install (``pip install -e .``: nothing compiled lands in ``src/``, so an edit is
never shadowed by an older compiled module). Where there is no C compiler, or mypyc or the
compiler fails, the build says so and falls back to pure Python. A compiled build carries
``monastic/_compiled.json``, the hash of every compiled module's source, which
``import monastic`` checks (``monastic.build_info``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "src" / "monastic"
#: What is compiled: the rules and the search, where a game spends its time, and the
#: research adapters' hot path (action tokens, tables, tensors; the environments' own
#: classes derive from PettingZoo's, Gymnasium's and OpenSpiel's and stay pure).
COMPILED = (
    "engine",
    "games",
    "bots/ismcts.py",
    "bots/ismcts_search.py",
    "rl/codec.py",
    "rl/codec_medieval_monastery.py",
    "rl/codec_monasterium.py",
    "rl/codec_monastery.py",
    "rl/observation.py",
    "rl/obs_medieval_monastery.py",
    "rl/obs_monasterium.py",
    "rl/obs_monastery.py",
    "rl/table.py",
)
#: Left pure: a generic dataclass (mypyc cannot build one); the checks of loaded saves, which
#: hand functions to pydantic (it needs their ``__name__``); and the action classes, whose
#: hand-built values must be refused with ActionSyntaxError, not a compiled TypeError.
PURE = (
    "engine/strategy.py",
    "engine/validation.py",
    "games/monasterium/schema.py",
    "games/medieval_monastery/schema.py",
    "games/monastery/schema.py",
    "games/medieval_monastery/actions.py",
    "games/monasterium/actions.py",
    "games/monastery/actions.py",
)
RECORD = "_compiled.json"


def compiled_sources() -> list[str]:
    """The source files mypyc compiles, relative to this file, in a fixed order."""
    found: list[Path] = []
    for entry in COMPILED:
        path = PACKAGE / entry
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    skipped = {PACKAGE / entry for entry in PURE}
    return [path.relative_to(HERE).as_posix() for path in found if path not in skipped]


def source_hashes() -> dict[str, str]:
    """SHA-256 of each compiled source, by its path inside the package's parent."""
    return {
        Path(path).relative_to("src").as_posix(): hashlib.sha256(
            (HERE / path).read_bytes()
        ).hexdigest()
        for path in compiled_sources()
    }


def missing_compiler() -> str | None:
    """The C compiler the build would call, when it is not there; None when it is (or when
    the platform names none, as with MSVC: then the build tries, and falls back if it fails).
    ``CC`` in the environment overrides the interpreter's own, as in setuptools."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC")
    if not command:
        return None
    program = shlex.split(command)[0]
    return None if shutil.which(program) else program


def pure_reason() -> str | None:
    """Why this build is pure Python, or None to compile."""
    if os.environ.get("MONASTIC_PURE", "") not in ("", "0"):
        return "MONASTIC_PURE is set"
    if any(command in sys.argv for command in ("editable_wheel", "develop")):
        return "an editable install is pure Python"
    program = missing_compiler()
    if program is not None:
        return f"no C compiler: {program!r} is not installed"
    return None


def say(text: str) -> None:
    print(f"monastic build: {text}", file=sys.stderr, flush=True)


def remove_compiled(build_lib: Path) -> None:
    """Delete compiled modules and their record from a build directory."""
    for path in [
        *build_lib.glob("*__mypyc*"),
        *build_lib.joinpath("monastic").rglob("*.so"),
        *build_lib.joinpath("monastic").rglob("*.pyd"),
    ]:
        path.unlink()
    build_lib.joinpath("monastic", RECORD).unlink(missing_ok=True)


class MaybeCompiledDistribution(Distribution):
    """Has extension modules unless the build is pure (so the wheel's tag says which)."""

    def has_ext_modules(self) -> bool:
        return pure_reason() is None


class CompileOrFallBack(build_ext):
    """Runs mypyc and the C compiler only when the build gets this far (not when pip merely
    asks for the build's requirements); any failure leaves a pure Python build."""

    def run(self) -> None:
        if pure_reason():  # said by build_py
            return
        if self.inplace:  # compiled modules in src/ would shadow every later edit
            raise SystemExit("monastic build: compile into a build (pip install .), not src/")
        sources = source_hashes()  # of the source as it is compiled
        try:
            self._add_mypyc_extensions()
            super().run()
        except (Exception, SystemExit) as err:  # mypyc missing or failing, no C compiler
            say(f"compiling failed ({type(err).__name__}: {err}); pure Python instead")
            remove_compiled(Path(self.build_lib))
            self.extensions = self.distribution.ext_modules = []
            return
        record = {"build": "compiled, mypyc", "sources": sources}
        target = Path(self.build_lib) / "monastic" / RECORD
        target.write_text(json.dumps(record, indent=1) + "\n")
        say(f"compiled {len(self.extensions)} modules with mypyc")

    def _add_mypyc_extensions(self) -> None:
        """mypyc's modules, set up as setuptools' ``finalize_options`` sets up those handed
        to setup(): ``egg_info`` finalizes this command too, and mypyc must not run there."""
        from mypyc.build import mypycify

        say("mypyc: type-checking and translating to C")
        self.extensions = self.distribution.ext_modules = mypycify(
            compiled_sources(),
            opt_level="3",  # the whole compile is about 2.5 minutes of CPU: no need to trade
            multi_file=True,  # one C file per module: one compiler job per core
            group_name="monastic",
            target_dir=str(Path(self.build_temp) / "mypyc"),
        )
        self.check_extensions_list(self.extensions)
        for ext in self.extensions:
            ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[ext._full_name] = ext
            ext._links_to_dynamic = ext._needs_stub = False  # no setuptools Library among them
            ext._file_name = self.get_ext_filename(ext._full_name)
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1


class CleanBuildPy(build_py):
    """build_py that first removes an earlier build's compiled modules from the build
    directory (pip reuses it), so a pure build never ships them."""

    def run(self) -> None:
        remove_compiled(Path(self.build_lib))
        reason = pure_reason()
        if reason:  # build_ext does not run at all then: this is where the build says why
            say(f"pure Python ({reason})")
        super().run()


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it
    setup(
        distclass=MaybeCompiledDistribution,
        cmdclass={"build_py": CleanBuildPy, "build_ext": CompileOrFallBack},
    )
