"""The README's two set-up commands are the contract with users and CI."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def readme_commands():
    text = (ROOT / "README.md").read_text()
    block = re.search(r"```(?:bash|sh)\n(.*?)```", text, re.S).group(1)
    return [line.strip() for line in block.splitlines() if line.strip() and not line.startswith("#")]


def test_readme_opens_with_two_setup_commands_installing_the_cpu_torch_first():
    cmds = readme_commands()
    assert len(cmds) == 2
    for cmd in cmds:
        assert cmd.startswith("pip install torch==2.13.0 && ")


def test_ci_runs_exactly_the_readme_test_command():
    test_cmd = readme_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_cmd in [line.strip() for line in ci]


def test_torch_requirement_is_a_range_that_2_13_0_satisfies():
    text = (ROOT / "pyproject.toml").read_text()
    spec = re.search(r'"torch([^"]*)"', text).group(1)
    assert "==" not in spec
    lo = re.search(r">=\s*([\d.]+)", spec).group(1)
    hi = re.search(r"<\s*([\d.]+)", spec).group(1)
    as_tuple = lambda v: tuple(int(x) for x in v.split("."))  # noqa: E731
    assert as_tuple(lo) <= (2, 13, 0) < as_tuple(hi)


@pytest.mark.parametrize("game", ["gandhi", "a_distant_plain", "vijayanagara", "john_company"])
def test_readme_fidelity_table_matches_the_data(game):
    import importlib
    fidelity = importlib.import_module(f"coin_env.games.{game}.fidelity")
    text = (ROOT / "README.md").read_text()
    block = re.search(rf"<!-- fidelity:{game} -->\n(.*?)\n<!-- /fidelity:{game} -->", text, re.S).group(1)
    assert block.strip() == fidelity.markdown().strip(), f"regenerate: python -m coin_env.games.{game}.fidelity"


def test_readme_observation_sizes_are_the_encoders():
    import coin_env
    from coin_env.core.encoding import encoder_for
    text = (ROOT / "README.md").read_text()
    quoted = re.findall(r'`encoder_for\("(\w+)"\)`: ([\d,]+) floats', text)
    assert quoted, "the README quotes no observation size"
    for game, size in quoted:
        assert encoder_for(coin_env.make_game(game)).size == int(size.replace(",", "")), game


def test_readme_john_company_vocabulary_is_the_games():
    """The action count and per-group counts quoted under "Action vocabulary (John Company)" are the game's."""
    import collections
    from coin_env.games.john_company.actions import VOCABULARY as V
    text = (ROOT / "README.md").read_text()
    m = re.search(r"## Action vocabulary \(John Company\)\n\n([\d,]+) actions in one flat table: (.*?)\.\n\n", text, re.S)
    assert m, "the README quotes no John Company vocabulary"
    assert int(m.group(1).replace(",", "")) == len(V)
    groups = collections.Counter(V.group_of(i) for i in range(len(V)))
    for group, n in groups.items():
        assert re.search(rf"\b{group} {n}\b", m.group(2)), f"{group} {n} is not quoted"
