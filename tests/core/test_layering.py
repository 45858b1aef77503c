"""Layers point down (DESIGN.md): coin_env/core imports nothing from ``agents`` (nor a game or the COIN layer);
policy specs resolve through a registry in core that other packages add to."""

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


def _core_modules():
    return sorted(os.path.join(CORE, n) for n in os.listdir(CORE) if n.endswith(".py"))


def _imported_names(path):
    """Every module a file imports: import statements (absolute, and relative ones resolved from
    coin_env.core), plus string literals handed to importlib.import_module / __import__."""
    tree = ast.parse(open(path).read(), path)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.append(node.module or "")
            else:
                base = ["coin_env", "core"][: max(0, 2 - (node.level - 1))]
                names.append(".".join(base + ([node.module] if node.module else [])))
        elif isinstance(node, ast.Call):
            func = node.func
            fname = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if fname in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
                names.append(str(node.args[0].value))
    return names


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
