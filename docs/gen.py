"""The documentation's pictures, drawn from the engine and from committed data (never typed in).

    python docs/gen.py                 # every picture into docs/img/ (commit them: GitHub shows them)
    python docs/gen.py boards          # one kind: boards, curve or balance

* boards: each registered game's board at the start of a seeded game (coin_env.core.pictures.draw);
  milliseconds each.
* curve: the main job's learning curve, from docs/data/quickstart/monitor.csv (the monitor.csv of the run
  the getting-started table comes from; its train.json beside it).
* balance: the balance plots of docs/data/balance_study/<game>/ (games.csv and summary.json, written by
  ``coin-env balance GAME --games 1000``), redrawn with agents.evaluation.balance.write_plots.

    python docs/gen.py tables          # the tables of docs/pretrained.md, docs/evaluation.md and README.md

Each ``<!-- strength table: NAME -->`` line is followed by the table ``coin-env compare --from-json
docs/data/strength/NAME/*.json`` makes (one --json result per seat and setting); each ``<!-- balance under
search: GAME -->`` line by the table of agents.evaluation.balance.balance_shift: the study with every seat
searching, docs/data/balance_search/GAME/ (``coin-env balance GAME --seat all=search``), next to the bots' study
docs/data/balance_study/GAME/ on the seeds both played (``all``: every game in one table); the ``<!-- strength
summary: search -->`` line (README) by one row per seat and setting of the search's tables with the bots around
it (STRENGTH_SUMMARY). The balance kind of
picture draws both studies' win rates side by side too (img/balance_search/win_rates.png).

As an MkDocs hook (mkdocs.yml ``hooks``) it draws every picture again into the built site after each build,
so the site shows what the code draws now; the copies under docs/img/ are the ones GitHub shows.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
IMG = DOCS / "img"
DATA = DOCS / "data"
BOARD_SEED = 0
CURVE_WINDOW = 100          # episodes in the learning curve's moving mean


def save_png(array, path: Path) -> None:
    """An (H, W, 3) uint8 array as a PNG file (matplotlib, no display needed)."""
    from matplotlib.image import imsave
    path.parent.mkdir(parents=True, exist_ok=True)
    imsave(path, array)


def draw_boards(out: Path) -> list[Path]:
    """board_<game>.png for every registered game with a picture, at the start of seed BOARD_SEED."""
    import coin_env
    from coin_env.core.pictures import PICTURES, draw
    paths = []
    for name in coin_env.list_games():
        if name in PICTURES:
            path = out / f"board_{name}.png"
            save_png(draw(coin_env.make_game(name, seed=BOARD_SEED)), path)
            paths.append(path)
    return paths


def read_monitor(path: Path) -> tuple[list[int], list[float]]:
    """(learner timesteps at each episode's end, episode return) from an SB3 monitor.csv."""
    with open(path) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    return [int(r["timesteps"]) for r in rows], [float(r["r"]) for r in rows]


def moving_mean(values: list[float], window: int) -> list[float]:
    out, total = [], 0.0
    for i, v in enumerate(values):
        total += v - (values[i - window] if i >= window else 0.0)
        out.append(total / min(i + 1, window))
    return out


def draw_curve(out: Path) -> list[Path]:
    """learning_curve_quickstart.png: episode return over training timesteps, raw and moving mean."""
    from matplotlib.figure import Figure
    run = DATA / "quickstart"
    steps, returns = read_monitor(run / "monitor.csv")
    train = json.loads((run / "train.json").read_text())
    fig = Figure(figsize=(7, 4))
    ax = fig.subplots()
    ax.plot(steps, returns, ".", markersize=2, alpha=0.25, color="tab:blue", label="one training game")
    ax.plot(steps, moving_mean(returns, CURVE_WINDOW), color="tab:red", label=f"mean of the last {CURVE_WINDOW}")
    ax.axhline(0, color="black", linewidth=0.6)
    ax.set_xlabel("learner timesteps")
    ax.set_ylabel("episode return (reward: shaped_relative)")
    ax.set_title(f"{train['name']}: MaskablePPO after the imitation warm start, {train['timesteps']:,} timesteps")
    ax.legend(loc="lower right")
    fig.tight_layout()
    path = out / "learning_curve_quickstart.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    return [path]


def read_balance(folder: Path) -> dict:
    """A balance result (summary.json plus the per-game records of games.csv), as balance() returns it."""
    from agents.evaluation.balance import read_outputs
    return read_outputs(folder)


def draw_balance(out: Path) -> list[Path]:
    """The four balance plots of each committed study, under balance_study/<game>/, and the win rates with every
    seat searching next to the bots', balance_search/win_rates.png."""
    from agents.evaluation.balance import plot_shifts, write_plots
    paths = []
    for folder in sorted((DATA / "balance_study").iterdir()):
        target = out / "balance_study" / folder.name
        target.mkdir(parents=True, exist_ok=True)
        paths += [Path(p) for p in write_plots(read_balance(folder), str(target))]
    (out / "balance_search").mkdir(parents=True, exist_ok=True)
    paths.append(Path(plot_shifts(list(balance_shifts().values()), str(out / "balance_search" / "win_rates.png"))))
    return paths


KINDS = {"boards": draw_boards, "curve": draw_curve, "balance": draw_balance}

# --- the strength tables (text, not pictures) --------------------------------------------------------------------

STRENGTH = DATA / "strength"
SEARCH_STUDY = DATA / "balance_search"        # coin-env balance GAME --seat all=search, one folder per game
TABLE_PAGES = (DOCS / "pretrained.md", DOCS / "evaluation.md", DOCS.parent / "README.md")
TABLE_MARK = re.compile(r"<!-- (strength table|strength summary|balance under search): (\S+) -->\n((?:\|.*\n)*)")


def strength_table(name: str) -> str:
    """The table ``coin-env compare --from-json docs/data/strength/<name>/*.json`` prints."""
    from agents.evaluation.compare import markdown, merge
    parts = sorted((STRENGTH / name).glob("*.json"))
    if not parts:
        raise SystemExit(f"docs/gen.py: error: no results in {STRENGTH / name}")
    return markdown(merge([json.loads(p.read_text()) for p in parts]))


def balance_shifts() -> dict[str, dict]:
    """Per game with a study under balance_search/: every seat searching next to the bots' study, seed by seed."""
    from agents.evaluation.balance import balance_shift, read_outputs
    return {folder.name: balance_shift(read_outputs(DATA / "balance_study" / folder.name), read_outputs(folder))
            for folder in sorted(SEARCH_STUDY.iterdir()) if folder.is_dir()}


def balance_search_table(name: str) -> str:
    """A game's table (``format_shift``), or with ``all`` one table of every game: wins only."""
    from agents.evaluation.balance import format_shift, seed_range, shift_word
    from agents.evaluation.compare import interval_text, wins_text
    shifts = balance_shifts()
    if name != "all":
        if name not in shifts:
            raise SystemExit(f"docs/gen.py: error: no study in {SEARCH_STUDY / name}")
        return format_shift(shifts[name])
    lines = ["| game | faction | bots, whole study | bots, same seeds | every seat searching | margin shift (paired) |",
             "|---|---|---|---|---|---|"]
    for game, shift in shifts.items():
        for faction, row in shift["factions"].items():
            lines.append(f"| {game} ({seed_range(shift['seeds'])}) | {faction} | {wins_text(row['base_all'])} "
                         f"| {wins_text(row['base'])} | {wins_text(row['other'])} | {interval_text(row['shift'])} "
                         f"{shift_word(row['shift'])} |")
    return "\n".join(lines)


# The search's strength tables with the bots in every other seat, in the README's summary (name: the game as said).
STRENGTH_SUMMARY = {"gandhi": "Gandhi", "a_distant_plain": "A Distant Plain", "vijayanagara": "Vijayanagara",
                    "john_company_solo": "John Company, solo", "john_company_3_families": "John Company, 3 families",
                    "john_company_4_families": "John Company, 4 families",
                    "john_company_5_families": "John Company, 5 families"}


def strength_summary_table(name: str) -> str:
    """``search``: one row per seat and setting of the tables STRENGTH_SUMMARY names (wins and paired margins)."""
    from agents.evaluation.compare import BOT, POLICY, interval_text, merge, verdict, wins_text
    if name != "search":
        raise SystemExit(f"docs/gen.py: error: no strength summary {name!r} (known: search)")
    lines = ["| game | seat rules | seat | search wins | bot wins | paired margin difference | verdict |",
             "|---|---|---|---|---|---|---|"]
    for table, said in STRENGTH_SUMMARY.items():
        result = merge([json.loads(p.read_text()) for p in sorted((STRENGTH / table).glob("*.json"))])
        for rules, setting in result["settings"].items():
            for r in setting["rows"]:
                lines.append(f"| {said} | {rules} | {r['seat']} | {wins_text(r[POLICY])} | {wins_text(r[BOT])} "
                             f"| {interval_text(r['difference'])} | {verdict(r['difference'])} |")
    return "\n".join(lines)


TABLE_MAKERS = {"strength table": strength_table, "strength summary": strength_summary_table,
                "balance under search": balance_search_table}


def fill_tables(text: str) -> str:
    """Every marked line (``<!-- KIND: NAME -->``, KIND one of TABLE_MAKERS) followed by the table made of
    docs/data/ now."""
    return TABLE_MARK.sub(lambda m: f"<!-- {m.group(1)}: {m.group(2)} -->\n{TABLE_MAKERS[m.group(1)](m.group(2))}\n",
                          text)


def write_tables() -> list[Path]:
    changed = []
    for page in TABLE_PAGES:
        text = page.read_text()
        if fill_tables(text) != text:
            page.write_text(fill_tables(text))
            changed.append(page)
    return changed


def draw_all(out: Path, kinds=tuple(KINDS)) -> list[Path]:
    return [path for kind in kinds for path in KINDS[kind](out)]


def on_post_build(config, **kwargs) -> None:
    """MkDocs hook: the built site's pictures are drawn by this build."""
    draw_all(Path(config["site_dir"]) / "img")


def main(argv: list[str]) -> None:
    if argv == ["tables"]:
        for page in write_tables():
            print(page.relative_to(DOCS.parent))
        return
    kinds = argv or list(KINDS)
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise SystemExit(f"docs/gen.py: error: unknown picture kind {unknown[0]!r} (known: {', '.join(KINDS)})")
    for path in draw_all(IMG, kinds):
        print(path.relative_to(DOCS.parent))


if __name__ == "__main__":
    sys.path.insert(0, str(DOCS.parent))        # run from anywhere: this checkout's coin_env and agents
    main(sys.argv[1:])
