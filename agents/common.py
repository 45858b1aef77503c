"""The bottom of agents/: what every layer above needs, importing nothing of agents/.

* :class:`UsageError` (a ValueError): a user-input error found while checking arguments, specs and paths;
  :class:`Parser` (argparse with one-line errors), :func:`run_command` and :func:`standalone` turn it into
  ``<prog>: error: <message>`` on stderr with exit code 2, and Ctrl-C into one line and exit code 130;
  ``python -m agents.<package>.<tool>`` runs a subcommand through :func:`standalone`;
* :func:`user_errors`: a context manager turning the listed exceptions of an input check into a UsageError;
* :func:`check_game`, :func:`check_setup`, :func:`parse_options` (game, scenario and options: one game is built);
* :func:`output_file`, :func:`output_dir`, :func:`release`, :func:`check_folder` (an output path is writable
  and never overwrites an earlier run: an existing file or result directory gets the first free name
  ``NAME-2``, ``NAME-3``, ..., as training runs do);
* :func:`positive_int`, :func:`positive_float` (argparse types).

The checks of a policy spec (``check_policy``, ``check_bot``) live with the specs, in agents/policies/specs.py.
Used by every command (agents/cli, agents/evaluation, agents/training), and by agents/evaluation/tournament.py's
``check_jobs``, so the Python API refuses the same input with the same message before starting workers.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import contextmanager

import coin_env
from coin_env.core.registry import game_bots


class UsageError(ValueError):
    """A user-input error found while checking arguments, specs and paths: ``main`` prints its message
    as one line and exits with code 2. A ValueError, so Python callers of the tools catch it as before."""


class Parser(argparse.ArgumentParser):
    """argparse with its errors on one line (``coin-env evaluate: error: ...``), exit code 2, no usage block."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def usage_exit(prog: str, exc: BaseException) -> SystemExit:
    """Print ``<prog>: error: <message>`` as one line on stderr; the SystemExit to raise (code 2, the
    message kept as its text)."""
    message = " ".join(str(exc).split()) or type(exc).__name__
    print(f"{prog}: error: {message}", file=sys.stderr)
    out = SystemExit(message)
    out.code = 2
    return out


INTERRUPTED = 130                   # the shell's code for a process stopped by SIGINT (128 + 2)


def run_command(prog: str, run, args) -> int:
    """``run(args)``, with a UsageError reported as one line and exit code 2, and Ctrl-C as one line and exit
    code 130 (a command that has more to say about what it kept prints that first)."""
    try:
        return run(args) or 0
    except UsageError as exc:
        raise usage_exit(prog, exc) from None
    except KeyboardInterrupt:
        print(f"\n{prog}: interrupted", file=sys.stderr)
        return INTERRUPTED


def standalone(doc: str, add_arguments, run, argv=None) -> None:
    """``python -m agents.<package>.<tool>``: the same arguments as the ``coin-env <tool>`` subcommand."""
    p = Parser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)
    raise SystemExit(run_command(p.prog, run, p.parse_args(argv)))


# What resolving a spec or building a game raises on bad input (import, attribute and file errors included).
SPEC_ERRORS = (ValueError, TypeError, ImportError, AttributeError, FileNotFoundError, RuntimeError)
SETUP_ERRORS = (ValueError, TypeError, KeyError, FileNotFoundError)     # make_game on a bad scenario or option


def one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    if isinstance(exc, KeyError) and len(exc.args) == 1:
        text = f"missing key {exc.args[0]!r}"
    if isinstance(exc, (ImportError, AttributeError, TypeError, OSError, KeyError)) or not text:
        text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text


@contextmanager
def user_errors(prefix: str = "", errors=SPEC_ERRORS):
    """Turn the listed exceptions raised inside the block into a UsageError (``prefix: message``). Use it
    only around input checks: a failure in a game that is running is a bug and must keep its traceback."""
    try:
        yield
    except UsageError:
        raise
    except errors as exc:
        raise UsageError(f"{prefix}: {one_line(exc)}" if prefix else one_line(exc)) from None


# --- games ----------------------------------------------------------------------------------------------

def check_game(name) -> str:
    if name not in coin_env.list_games():
        raise UsageError(f"unknown game {name!r}; known games: {', '.join(coin_env.list_games())}")
    return name


def parse_options(text) -> dict:
    """``--options`` of a command: a JSON object of game options, e.g. '{"families": 5}' (None: {})."""
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"--options must be a JSON object of game options, e.g. '{{\"families\": 5}}': {exc}") from None
    if not isinstance(value, dict):
        raise UsageError(f"--options must be a JSON object of game options, not {text!r}")
    return value


def check_setup(game: str, scenario=None, options=None, seed: int = 0):
    """Build one game with this scenario and options (an unknown scenario or option is refused here)."""
    check_game(game)
    with user_errors(errors=SETUP_ERRORS):     # the engine's message names the scenario or option
        return coin_env.make_game(game, scenario=scenario, seed=seed, options=dict(options or {}))


def bots_text(game: str) -> str:
    bots = sorted(game_bots(game))
    return ", ".join(bots) if bots else "none"


# --- output paths ---------------------------------------------------------------------------------------

def _writable_dir(folder: str, what: str) -> None:
    folder = folder or "."
    probe = folder
    while not os.path.exists(probe):         # the nearest existing ancestor must be a writable folder
        parent = os.path.dirname(probe)
        if parent == probe:
            break
        probe = parent or "."
    if not os.path.isdir(probe):
        raise UsageError(f"{what}: {probe!r} is a file, not a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise UsageError(f"{what}: folder {probe!r} is not writable")


def check_folder(path: str, what: str) -> None:
    """A folder the run may create later: not a file, and its nearest existing ancestor is writable."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"{what} {path!r} is a file, not a folder")
    _writable_dir(path, f"{what} {path!r}")


def output_file(path: str | None, what: str) -> str | None:
    """Check an output file before the run: its folder exists or can be made and is writable, and the
    path is not a folder. An existing file (an earlier run's) is never overwritten: the first free name
    ``stem-2.ext``, ``stem-3.ext``, ... is claimed instead (an empty file, created now) and said on stderr."""
    if not path:
        return None
    if os.path.isdir(path):
        raise UsageError(f"{what} {path!r} is a folder; give a file name")
    folder = os.path.dirname(path)
    _writable_dir(folder, f"{what} {path!r}")
    with user_errors(f"{what} {path!r}", (OSError,)):
        if folder:
            os.makedirs(folder, exist_ok=True)
        chosen = path
        n = 2
        stem, ext = os.path.splitext(path)
        while True:
            try:
                os.close(os.open(chosen, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
                break
            except FileExistsError:
                chosen = f"{stem}-{n}{ext}"
                n += 1
    if chosen != path:
        print(f"{path} exists (an earlier run's); writing {chosen}", file=sys.stderr)
    return chosen


RUN_CLAIM = {"status": "running"}


def holds_result(folder: str, names) -> bool:
    return any(os.path.exists(os.path.join(folder, n)) for n in names)


def output_dir(path: str, what: str, claim: str, others=()) -> str:
    """Check and claim a result folder before the run. A folder that holds a result (``claim`` or any of
    ``others``) is never written into: the run goes to the first free ``path-2``, ``path-3``, ... (said on
    stderr). The claim is ``claim`` created exclusively now holding {"status": "running"}, so two runs
    started together never share a folder; the run replaces it with its result (or :func:`release` removes it)."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"{what} {path!r} is a file, not a folder")
    _writable_dir(path, f"{what} {path!r}")
    base = path.rstrip(os.sep) or path
    chosen, n = base, 2
    with user_errors(f"{what} {path!r}", (OSError,)):
        while True:
            if os.path.exists(chosen) and not os.path.isdir(chosen):
                chosen = f"{base}-{n}"
                n += 1
                continue
            os.makedirs(chosen, exist_ok=True)
            if not holds_result(chosen, others):
                try:
                    fd = os.open(os.path.join(chosen, claim), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
                except FileExistsError:
                    pass
                else:
                    with os.fdopen(fd, "w") as f:
                        json.dump(RUN_CLAIM, f)
                    break
            chosen = f"{base}-{n}"
            n += 1
    if chosen != base:
        print(f"{path} holds an earlier run; this run goes to {chosen}", file=sys.stderr)
    return chosen


@contextmanager
def released_if_stopped(*paths: str | None):
    """Around the run that fills output files claimed by :func:`output_file`: if it stops before they are
    written (an error, Ctrl-C), the claims are released, so a failed run leaves no empty files behind."""
    try:
        yield
    except BaseException:
        for path in paths:
            release(path)
        raise


def write_json_file(path: str | None, data, indent: int = 2) -> None:
    """Write ``data`` to a claimed output file (nothing when no file was asked for)."""
    if path:
        with open(path, "w") as f:
            json.dump(data, f, indent=indent, default=str)


def release(path: str | None, claim: str | None = None) -> None:
    """Undo a claim of :func:`output_file` / :func:`output_dir` when the run stops before writing its result:
    an empty claimed file, or a claim file still saying "running" (and then its folder if empty)."""
    if not path:
        return
    try:
        if claim is None:
            if os.path.isfile(path) and os.path.getsize(path) == 0:
                os.remove(path)
            return
        marker = os.path.join(path, claim)
        with open(marker) as f:
            if json.load(f) == RUN_CLAIM:
                os.remove(marker)
        if not os.listdir(path):
            os.rmdir(path)
    except (OSError, ValueError):
        pass


def positive_int(text: str) -> int:
    """argparse type: an integer of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def positive_float(text: str) -> float:
    """argparse type: a number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a number above 0")
    return value
