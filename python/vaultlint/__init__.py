"""vaultlint from Python: the checks and the eligibility map of a Markdown
vault, in process.

``check`` and ``lineage`` run the command line's own code (through the
compiled module ``vaultlint._vaultlint``) and return what
``vaultlint check PATH --format json`` and ``vaultlint lineage --all
--format json PATH`` print, as Python objects. ``Vault`` keeps one map to
ask about notes many times. The LlamaIndex and LangChain components are in
``vaultlint.llama_index`` and ``vaultlint.langchain``.
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Optional, Union

from vaultlint._vaultlint import (
    ConfigError,
    UsageError,
    VaultlintError,
    __version__,
    output,
)

__all__ = [
    "ConfigError",
    "UsageError",
    "Vault",
    "VaultlintError",
    "__version__",
    "check",
    "lineage",
]

StrPath = Union[str, "os.PathLike[str]"]

# The options each function takes, as the command line spells them: every
# flag of the subcommand but those that choose another output or write
# files (`--format`, `--fix`, `--output-file`, ...), which make no sense
# for a function that returns the JSON's data.
_COMMON = frozenset({"root", "exclude", "no_cache", "cache_dir", "config", "isolated", "threads"})
_CHECK = _COMMON | {
    "strict",
    "statistics",
    "no_suggest",
    "no_git",
    "as_of",
    "select",
    "extend_select",
    "ignore",
    "baseline",
}
_LINEAGE = _COMMON | {"as_of", "scope", "verdict_suspected"}
# Flags that come before the subcommand on the command line.
_GLOBAL = frozenset({"config", "isolated", "threads"})


def _flags(function: str, allowed: frozenset[str], options: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The command-line flags for ``options``: those that go before the
    subcommand, and those that go after it."""
    before: list[str] = []
    after: list[str] = []
    for name, value in options.items():
        if name not in allowed:
            known = ", ".join(sorted(allowed))
            raise TypeError(f"{function}() got an unexpected keyword argument {name!r} (it takes {known})")
        into = before if name in _GLOBAL else after
        flag = "--" + name.replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            into.append(flag)
        elif isinstance(value, (str, os.PathLike, int, datetime.date)):
            into.append(f"{flag}={_text(value)}")
        elif isinstance(value, Iterable):
            into.extend(f"{flag}={_text(item)}" for item in value)
        else:
            raise TypeError(f"{function}(): {name} must be a string, path, number, date or a list of them")
    return before, after


def _text(value: Any) -> str:
    if isinstance(value, datetime.date):
        return value.isoformat()
    return os.fspath(value) if isinstance(value, os.PathLike) else str(value)


def _paths(path: Union[StrPath, Iterable[StrPath]]) -> list[str]:
    if isinstance(path, (str, os.PathLike)):
        return [os.fspath(path)]
    return [os.fspath(p) for p in path]


def _run(subcommand: list[str], before: list[str], after: list[str], paths: list[str]) -> dict[str, Any]:
    # `--` ends the flags: a path that starts with `-` is still a path.
    text, _status = output(["vaultlint", *before, *subcommand, *after, "--", *paths])
    return json.loads(text)


def check(path: Union[StrPath, Iterable[StrPath]] = ".", **options: Any) -> dict[str, Any]:
    """The findings of ``vaultlint check PATH --format json``, as a dict.

    ``options`` are the command's flags with ``_`` for ``-``: ``root``,
    ``exclude``, ``no_cache``, ``cache_dir``, ``config``, ``isolated``,
    ``threads``, ``strict``, ``statistics``, ``no_suggest``, ``no_git``,
    ``as_of`` (a ``datetime.date`` or ``YYYY-MM-DD``), ``select``,
    ``extend_select``, ``ignore`` (lists of codes or families) and
    ``baseline``. Findings are data, not errors: whether they would fail
    a run is ``result["summary"]["errors"] > 0``. A path that does not
    exist raises ``UsageError``, as do options the command refuses; an
    invalid config raises ``ConfigError``.
    """
    paths = _paths(path)
    for given in paths:
        # The command reports a missing PATH among the findings and exits
        # 2; a function raises, with the message `lineage` prints for it.
        if not os.path.lexists(given):
            raise UsageError(f"cannot open `{given}`: no such file or folder")
    before, after = _flags("check", _CHECK, options)
    return _run(["check", "--format=json"], before, after, paths)


def lineage(
    path: Union[StrPath, Iterable[StrPath]] = ".",
    as_of: Union[datetime.date, str, None] = None,
    **options: Any,
) -> dict[str, Any]:
    """The eligibility map of ``vaultlint lineage --all --format json PATH``,
    as a dict: ``root`` (absolute), ``as_of``, ``notes`` (one entry per
    note but the templates, sorted by path: ``path``, ``verdict``,
    ``in_force``, ``standing``, ``closure``, ``successors``, ``current``
    and the rest the book's Lineage table lists) and ``errors`` (what could not
    be read: never take one of those as in force).

    ``as_of`` is the day the notes are judged as of (default today).
    ``options``: ``root``, ``exclude``, ``no_cache``, ``cache_dir``,
    ``config``, ``isolated``, ``threads``, ``scope`` (``["region=apac"]``)
    and ``verdict_suspected``. Raises ``UsageError`` for a path that
    cannot be opened and ``ConfigError`` for an invalid config.
    """
    before, after = _flags("lineage", _LINEAGE, {**options, "as_of": as_of})
    return _run(["lineage", "--all", "--format=json"], before, after, _paths(path))


class Vault:
    """A vault's eligibility map, read once, to ask about notes many times:
    whether a note is in force, what replaced it, what to read instead.

    Notes are named by their path relative to the vault root (as the map
    names them) or by any path to the file, absolute or relative to the
    current folder (as document loaders give them). ``reload()`` reads the
    vault again.
    """

    def __init__(
        self,
        path: Union[StrPath, Iterable[StrPath]] = ".",
        as_of: Union[datetime.date, str, None] = None,
        **options: Any,
    ) -> None:
        self._args = (path, as_of, options)
        self.reload()

    def reload(self) -> None:
        """Reads the vault again (the notes may have changed on disk)."""
        path, as_of, options = self._args
        self.map: dict[str, Any] = lineage(path, as_of=as_of, **options)
        #: The vault root, absolute: the map's paths are relative to it.
        self.root = Path(self.map["root"])
        self._real_root = Path(os.path.realpath(self.root))
        #: The day the notes are judged as of, ``YYYY-MM-DD``.
        self.as_of: str = self.map["as_of"]
        #: Each note's entry in the map, by its vault-relative path.
        self.notes: dict[str, dict[str, Any]] = {entry["path"]: entry for entry in self.map["notes"]}
        #: The files that could not be read, ``{"path", "message"}`` each.
        self.errors: list[dict[str, str]] = self.map["errors"]

    def __len__(self) -> int:
        return len(self.notes)

    def __contains__(self, note: object) -> bool:
        return isinstance(note, (str, os.PathLike)) and self.entry(note) is not None

    def relative(self, note: StrPath) -> Optional[str]:
        """The note's path relative to the vault root, with ``/``, or
        ``None`` for a file outside the vault."""
        given = os.fspath(note)
        if given in self.notes:
            return given
        candidate = Path(given)
        if not candidate.is_absolute():
            candidate = Path.cwd() / candidate
        for base, full in ((self.root, candidate), (self._real_root, Path(os.path.realpath(candidate)))):
            try:
                return full.relative_to(base).as_posix()
            except ValueError:
                continue
        return None

    def entry(self, note: StrPath) -> Optional[dict[str, Any]]:
        """The note's entry in the map (see ``lineage``), or ``None`` for a
        file the map does not hold: outside the vault, a template, not a
        note, or unreadable."""
        relative = self.relative(note)
        return None if relative is None else self.notes.get(relative)

    def in_force(self, note: StrPath) -> bool:
        """Whether the note is in force on the as-of day; ``False`` for a
        file the map does not hold."""
        entry = self.entry(note)
        return bool(entry and entry["in_force"])

    def verdict(self, note: StrPath) -> Optional[str]:
        """``active``, ``stale``, ``conflict`` or ``unknown`` (serve only
        ``active`` notes), or ``None`` for a file the map does not hold."""
        entry = self.entry(note)
        return None if entry is None else entry["verdict"]

    def superseded_by(self, note: StrPath) -> list[str]:
        """The notes that directly supersede it, vault-relative."""
        entry = self.entry(note)
        return [] if entry is None else list(entry["successors"])

    def current(self, note: StrPath) -> list[str]:
        """The notes in force to read instead: itself when in force, empty
        when nothing in force replaces it or the map does not hold it."""
        entry = self.entry(note)
        return [] if entry is None else list(entry["current"])

    def path(self, relative: str) -> Path:
        """The absolute path of a note named relative to the vault root."""
        return self.root / relative
