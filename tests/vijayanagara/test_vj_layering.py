"""DESIGN.md layers: the game imports neither another game nor agents; no module-global mutable
state holds game facts (they live on the immutable data object)."""

import ast
import os

import coin_env.games.vijayanagara as pkg

ROOT = os.path.dirname(pkg.__file__)


def _files():
    for base, _dirs, names in os.walk(ROOT):
        for n in names:
            if n.endswith(".py"):
                yield os.path.join(base, n)


def test_imports_no_other_game_and_no_agents():
    bad = []
    for path in _files():
        for node in ast.walk(ast.parse(open(path).read(), path)):
            mods = []
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [("." * node.level) + (node.module or "")]
            for m in mods:
                if m.startswith("agents") or "gandhi" in m or "a_distant_plain" in m or "john_company" in m:
                    bad.append((os.path.relpath(path, ROOT), m))
    assert bad == []


def test_two_games_with_different_data_do_not_share_facts():
    from coin_env.games.vijayanagara import game as vj
    from coin_env.games.vijayanagara.static import INDEX
    a = vj.new_game(seed=0)
    b = vj.new_game(seed=0, options={"data_pack": {"pack": {"name": "x"}, "spaces": {
        "Sindh": {"prosperity": 2}, "Gujarat": {"prosperity": 1}}}})
    assert a.data.prosperity_list[INDEX["Sindh"]] == 1 and b.data.prosperity_list[INDEX["Sindh"]] == 2
    assert vj.new_game(seed=0).data is a.data
