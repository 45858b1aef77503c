"""The coin-env command: every subcommand is registered and its help prints (argparse formats every help string)."""

import pytest

from agents import cli

SUBCOMMANDS = ["train", "evaluate", "compare", "balance", "simulate", "strength", "bench", "fuzz", "play", "replay"]


def test_every_subcommand_is_registered():
    assert [name for name, _, _ in cli.COMMANDS] == SUBCOMMANDS


@pytest.mark.parametrize("argv", [["--help"]] + [[c, "--help"] for c in SUBCOMMANDS])
def test_help_prints(argv, capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(argv)
    assert e.value.code == 0
    assert "usage: coin-env" in capsys.readouterr().out


def test_the_command_modules_do_not_import_torch_at_start():
    import subprocess
    import sys
    code = "import sys, agents.cli; agents.cli.build_parser(); print('torch' in sys.modules, 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
