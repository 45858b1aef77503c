"""The README is the front door: the two set-up commands (the contract with users and CI), under 250 lines, and
links into the documentation site that resolve (relative links, so they work on GitHub too).

What the README used to quote (fidelity tables, observation sizes, vocabularies) lives on the game pages now and
is checked in tests/test_docs.py; its code blocks run in tests/test_docs_blocks.py."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def readme_commands():
    text = README.read_text()
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


def test_the_readme_test_command_installs_the_documentation_tools():
    """CI builds the site through the suite (tests/test_docs.py), so the test command's extras bring mkdocs."""
    import tomllib
    extras = re.search(r'\.\[([\w,]+)\]', readme_commands()[1]).group(1).split(",")
    optional = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    installed = {req for extra in extras for req in optional[extra]}
    assert "coin-env[docs]" in installed or any(req.startswith("mkdocs") for req in installed)
    assert any(req.startswith("mkdocs>=") for req in optional["docs"])
    assert any(req.startswith("jupyterlab") for req in optional["notebooks"])


def test_torch_requirement_is_a_range_that_2_13_0_satisfies():
    text = (ROOT / "pyproject.toml").read_text()
    spec = re.search(r'"torch([^"]*)"', text).group(1)
    assert "==" not in spec
    lo = re.search(r">=\s*([\d.]+)", spec).group(1)
    hi = re.search(r"<\s*([\d.]+)", spec).group(1)
    as_tuple = lambda v: tuple(int(x) for x in v.split("."))  # noqa: E731
    assert as_tuple(lo) <= (2, 13, 0) < as_tuple(hi)


def test_the_readme_is_a_front_door_under_250_lines():
    text = README.read_text()
    assert len(text.splitlines()) < 250
    for section in ("## Set up", "## Status", "## A short tour", "## The documentation"):
        assert section in text
    for game in ("gandhi", "a_distant_plain", "vijayanagara", "john_company"):
        assert f"](docs/games/{game}.md)" in text, f"the status table does not link {game}'s page"


def test_every_relative_link_of_the_readme_resolves():
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README.read_text()):
        if "://" not in target:
            assert (ROOT / target).exists(), f"the README links {target}, which does not exist"
    assert "../shared" not in README.read_text()
