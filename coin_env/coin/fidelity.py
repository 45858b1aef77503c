"""The per-game fidelity tables (each game's docs page): what is faithful to the rulebook, what is reconstructed
(and marked so in the data), what is missing. Each game's ``fidelity.py`` computes its rows from the
provenance tags in its data modules; ``tests/test_docs.py`` checks the page's copy is current."""

from __future__ import annotations


def markdown(game_title: str, rows: list[tuple[str, str, str, str]]) -> str:
    lines = [f"| {game_title} | Faithful (rulebook) | Reconstructed (marked in data) | Missing |",
             "|---|---|---|---|"]
    for item, faithful, recon, missing in rows:
        lines.append(f"| {item} | {faithful} | {recon} | {missing} |")
    return "\n".join(lines)
