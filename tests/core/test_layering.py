"""Layers point down (DESIGN.md "Layers"): coin_env/core imports nothing from ``agents`` (nor a game or the COIN
layer); policy specs resolve through a registry in core that other packages add to. Inside the packages too:
no import circle between modules (module-level or inside a function: a function-level import never hides a
circle), no module imports another file's private ``_name``, and agents/ imports no game package (a game's
rule lives in the game)."""

import ast
import os
import subprocess
import sys
import textwrap

import pytest

import coin_env
from coin_env.core import policy_specs
from coin_env.core.policy_specs import register_policy_resolver, resolve_policy, unregister_policy_resolver

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORE = os.path.join(ROOT, "coin_env", "core")
FORBIDDEN = ("agents", "coin_env.games", "coin_env.coin")
PACKAGES = ("coin_env", "agents")


def _core_modules():
    return sorted(os.path.join(CORE, n) for n in os.listdir(CORE) if n.endswith(".py"))


def _module_name(path):
    """``coin_env/core/game.py`` -> ``coin_env.core.game``; a package's ``__init__.py`` -> the package."""
    parts = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve_from(node, module, is_package):
    """The absolute module an ``ImportFrom`` names, relative imports resolved from ``module``."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(path, module="coin_env.core.sample", is_package=False):
    """Every import of a file, at any depth (module level, in functions, in ``if`` blocks):
    ``(module, names, line)`` with ``names`` the names an ``ImportFrom`` takes (() for ``import x``), plus the
    string literals handed to importlib.import_module / __import__."""
    tree = ast.parse(open(path).read(), path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(a.name, (), node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((_resolve_from(node, module, is_package), tuple(a.name for a in node.names), node.lineno))
        elif isinstance(node, ast.Call):
            func = node.func
            fname = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if fname in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
                found.append((str(node.args[0].value), (), node.lineno))
    return found


def _imported_names(path):
    """Every module a core file imports (relative imports resolved from coin_env.core)."""
    return [name for name, _, _ in _imports(path)]


def _forbidden(name):
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def test_core_modules_import_nothing_from_agents_games_or_the_coin_layer():
    offenders = {os.path.basename(p): [n for n in _imported_names(p) if _forbidden(n)] for p in _core_modules()}
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}, f"coin_env/core imports upper layers: {offenders}"


def test_the_ast_check_sees_every_import_form(tmp_path):
    """The check above would catch the import that used to be in aec_env (and its other spellings)."""
    sample = tmp_path / "sample.py"
    sample.write_text(textwrap.dedent("""
        import agents
        import agents.policies as p
        from agents.policies import CheckpointPolicy
        import importlib
        def f():
            from agents import policies
            return importlib.import_module("agents.policies")
        from ..games.gandhi import game
    """))
    found = sorted(n for n in _imported_names(str(sample)) if _forbidden(n))
    assert found == ["agents", "agents", "agents.policies", "agents.policies", "agents.policies",
                     "coin_env.games.gandhi"]


def test_making_every_env_imports_no_agents_module():
    code = ("import sys, coin_env\n"
            "for g in coin_env.list_games():\n"
            "    coin_env.env(g).reset(seed=0); coin_env.gym_env(g).reset(seed=0)\n"
            "    coin_env.vector_env(g, 1).reset(seed=0)\n"
            "bad = sorted(m for m in sys.modules if m == 'agents' or m.startswith('agents.'))\n"
            "assert not bad, bad\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]


def test_the_policy_spec_registry_knows_no_game_and_no_agents():
    source = open(os.path.join(CORE, "policy_specs.py")).read().lower()
    for word in ["gandhi", "arjuna", "flowchart", "a_distant_plain", "checkpoint", "agents", "coin_env.games"]:
        assert word not in source, word


# --- inside the packages: no circles, no private names across files, agents/ names no game -----------------------
def _source_files():
    out = []
    for package in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(ROOT, package)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            out += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".py")]
    return out


def _graph():
    """``{module: {imported module: first line}}`` over coin_env and agents: every import at any depth, a
    ``from package import name`` counted as an import of the submodule ``package.name`` when there is one."""
    files = {_module_name(p): p for p in _source_files()}
    graph = {}
    for module, path in files.items():
        edges = graph.setdefault(module, {})
        for name, names, line in _imports(path, module, path.endswith("__init__.py")):
            targets = [f"{name}.{n}" for n in names if f"{name}.{n}" in files] or [name]
            for target in targets:
                while target and target not in files:      # coin_env.core.game.Game -> coin_env.core.game
                    target = target.rpartition(".")[0]
                if target and target != module:
                    edges.setdefault(target, line)
    return files, graph


def _circles(graph):
    """One circle per strongly connected component of two or more modules (Tarjan), as [a, b, ..., a]."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(set(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_one_circle(graph, component) for component in components]


def _one_circle(graph, component):
    """A shortest circle through the component's first module (breadth-first inside the component)."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v]):
                if w == start:
                    return paths[v] + [start]
                if w in component and w not in paths:
                    paths[w] = paths[v] + [w]
                    nxt.append(w)
        frontier = nxt
    return [start]


def _unit(module):
    """The package a module is checked with: coin_env/core, coin_env/coin, one game, or agents."""
    parts = module.split(".")
    if parts[0] == "agents":
        return "agents"
    if parts[:2] == ["coin_env", "games"] and len(parts) > 2:
        return f"coin_env/games/{parts[2]}"
    if len(parts) > 1 and parts[1] in ("core", "coin"):
        return f"coin_env/{parts[1]}"
    return "coin_env"                   # the package roots coin_env/__init__.py, coin_env/games/__init__.py


def _units():
    games = sorted(d for d in os.listdir(os.path.join(ROOT, "coin_env", "games"))
                   if os.path.isfile(os.path.join(ROOT, "coin_env", "games", d, "__init__.py")))
    return ["coin_env", "coin_env/core", "coin_env/coin"] + [f"coin_env/games/{g}" for g in games] + ["agents"]


def _params(known_failures):
    """Every unit; the ones failing today are strict xfails, so they fail the day they are fixed (drop the mark)."""
    return [pytest.param(u, marks=known_failures[u]) if u in known_failures else u for u in _units()]


CIRCLE_UNITS = _params({})
PRIVATE_NAME_UNITS = _params({})


@pytest.mark.parametrize("unit", CIRCLE_UNITS)
def test_no_import_circle(unit):
    """No module imports itself round a loop -- counting imports inside functions, so that a function-level
    import never hides a circle (DESIGN.md: no import hides inside a function to dodge one)."""
    _, graph = _graph()
    circles = [c for c in _circles(graph) if any(_unit(m) == unit for m in c)]
    assert not circles, f"{unit}: import circles:\n" + "\n".join(" -> ".join(c) for c in circles)


@pytest.mark.parametrize("unit", PRIVATE_NAME_UNITS)
def test_no_private_name_imported_from_another_file(unit):
    """No ``from x import _name`` where x is another module of coin_env or agents: a private name is its file's
    own; a name another file needs is public (a submodule named ``_x`` may be imported)."""
    files, _ = _graph()
    offenders = []
    for module, path in files.items():
        if _unit(module) != unit:
            continue
        for name, names, line in _imports(path, module, path.endswith("__init__.py")):
            if not name.startswith(PACKAGES) or name == module:
                continue
            private = [n for n in names if n.startswith("_") and not n.startswith("__") and f"{name}.{n}" not in files]
            offenders += [f"{os.path.relpath(path, ROOT)}:{line} imports {n} from {name}" for n in private]
    assert not offenders, f"{unit}: private names imported across files:\n" + "\n".join(offenders)


def test_agents_import_no_game_package():
    """A game's rules live in the game (DESIGN.md): agents/ reaches games through the registry and the policy
    specs only, never by importing coin_env.games (e.g. the Gandhi Arjuna deck of a bot seated as a player,
    8.3, is the Gandhi bot's ``prepare_as_player``)."""
    files, _ = _graph()
    offenders = [f"{os.path.relpath(path, ROOT)}:{line} imports {name}"
                 for module, path in files.items() if _unit(module) == "agents"
                 for name, _, line in _imports(path, module, path.endswith("__init__.py"))
                 if name == "coin_env.games" or name.startswith("coin_env.games.")]
    assert not offenders, "agents/ imports game packages:\n" + "\n".join(offenders)


def test_agents_layers_point_down():
    """agents/: common <- policies <- evaluation <- training <- cli (agents/__init__.py): no module imports a
    layer above its own."""
    order = ["agents.common", "agents.policies", "agents.evaluation", "agents.training", "agents.cli"]

    def layer(module):
        return max((i for i, p in enumerate(order) if module == p or module.startswith(p + ".")), default=None)

    files, graph = _graph()
    offenders = [f"{m} imports {t} (line {line})" for m, edges in graph.items() for t, line in edges.items()
                 if layer(m) is not None and layer(t) is not None and layer(t) > layer(m)]
    assert not offenders, "agents/ imports upward:\n" + "\n".join(sorted(offenders))


def test_the_circle_check_sees_circles_through_function_level_imports(tmp_path):
    graph = {"p.a": {"p.b": 1}, "p.b": {"p.c": 1}, "p.c": {"p.a": 3}, "p.d": {"p.a": 1}}
    assert _circles(graph) == [["p.a", "p.b", "p.c", "p.a"]]
    sample = tmp_path / "sample.py"
    sample.write_text(textwrap.dedent("""
        def later():
            from .other import helper
            from ..games.gandhi.bots.deck import _private
    """))
    found = _imports(str(sample), "coin_env.core.sample")
    assert [(n, names) for n, names, _ in found] == [("coin_env.core.other", ("helper",)),
                                                      ("coin_env.games.gandhi.bots.deck", ("_private",))]


# --- the registry ---------------------------------------------------------------------------------
def first_legal(game, faction, rng):
    return game.legal_actions()[0]


@pytest.fixture
def clean_registry():
    yield
    for key in ("demo:", "*.demo", "demo-name", "plugged:"):
        unregister_policy_resolver(key)


def test_registered_names_prefixes_and_suffixes_resolve_in_every_env(clean_registry):
    seen = []

    def factory(spec, game):
        seen.append((spec, game))
        return first_legal

    register_policy_resolver("demo:", factory)
    register_policy_resolver("*.demo", factory)
    register_policy_resolver("demo-name", factory)
    assert resolve_policy("demo:anything", "gandhi") is first_legal
    assert resolve_policy("some/path.demo", "gandhi") is first_legal
    assert resolve_policy("demo-name") is first_legal
    assert seen == [("demo:anything", "gandhi"), ("some/path.demo", "gandhi"), ("demo-name", None)]
    env = coin_env.gym_env("gandhi", seat="raj", opponents="demo:x", seed=0)
    env.reset(seed=0)
    assert all(s == ("demo:x", "gandhi") for s in seen[3:]) and len(seen) == 6     # one per opponent seat
    aec = coin_env.env("gandhi", opponents={"ml": "some/path.demo"}, seed=0)
    aec.reset(seed=0)
    assert "demo-name" in policy_specs.known_policy_names("gandhi")
    with pytest.raises(ValueError, match="policy resolver key"):
        register_policy_resolver("", factory)


def test_entry_points_are_loaded_lazily_when_a_spec_is_unknown(tmp_path, monkeypatch, clean_registry):
    """A package declares [project.entry-points."coin_env.policies"]; core loads it on the first unknown spec."""
    from importlib.metadata import EntryPoint
    (tmp_path / "coin_plugin_demo.py").write_text(textwrap.dedent("""
        from coin_env.core.policy_specs import register_policy_resolver
        CALLS = []
        def register():
            CALLS.append(1)
            register_policy_resolver("plugged:", lambda spec, game: lambda g, f, rng: g.legal_actions()[-1])
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = [EntryPoint(name="demo", value="coin_plugin_demo:register", group=policy_specs.ENTRY_POINT_GROUP),
           EntryPoint(name="broken", value="no_such_plugin_module:register", group=policy_specs.ENTRY_POINT_GROUP)]

    class FakeMetadata:
        @staticmethod
        def entry_points(group):
            assert group == "coin_env.policies"
            return eps

    monkeypatch.setattr(policy_specs, "metadata", FakeMetadata)
    monkeypatch.setattr(policy_specs, "_entry_points_loaded", False)
    assert resolve_policy("random", "gandhi") is policy_specs.random_policy   # known: nothing loaded
    assert not policy_specs._entry_points_loaded
    with pytest.warns(RuntimeWarning, match="'broken'"):                      # a broken plugin is skipped
        policy = resolve_policy("plugged:x", "gandhi")
    game = coin_env.make_game("gandhi", seed=0)
    assert policy(game, game.current_player(), None) == game.legal_actions()[-1]
    import coin_plugin_demo
    resolve_policy("plugged:y", "gandhi")
    assert coin_plugin_demo.CALLS == [1]                                      # loaded once per process


def test_importing_agents_policies_registers_checkpoint_specs():
    import agents.policies  # noqa: F401
    assert "checkpoint:" in policy_specs._PREFIXES and ".zip" in policy_specs._SUFFIXES
    with pytest.raises(ValueError, match="checkpoint .*nope.zip.* not found"):
        resolve_policy("checkpoint:nope.zip", "gandhi")


def test_the_declared_entry_point_makes_checkpoint_specs_work_without_importing_agents(tmp_path):
    """What pyproject's [project.entry-points."coin_env.policies"] installs (an entry_points.txt in the
    dist-info): a fresh process resolves a checkpoint spec through it, agents never imported by hand."""
    dist = tmp_path / "coin_env_policy_probe-0.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: coin-env-policy-probe\nVersion: 0.0\n")
    (dist / "entry_points.txt").write_text("[coin_env.policies]\nagents = agents.policies:register_policy_specs\n")
    code = ("import sys, coin_env\n"
            "from coin_env.core.policy_specs import resolve_policy\n"
            "assert 'agents.policies' not in sys.modules\n"
            "try:\n"
            "    resolve_policy('checkpoint:no/such/run/final.zip', 'gandhi')\n"
            "except ValueError as e:\n"
            "    print(e)\n"
            "assert 'agents.policies' in sys.modules\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), ROOT]))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "checkpoint" in out.stdout and "not found" in out.stdout
