"""Owner data packs for A Distant Plain: facts printed on the map and cards that the rulebook does
not give (README "Owner data packs").

Sections (TOML/YAML file, or the same structure as a dict):

* ``[pack]`` name / game ("a_distant_plain") / format / source;
* ``[cards.<n>]`` ``order`` (the four factions, 2.3.2), ``title``, ``halo`` (factions with a gray halo,
  8.3.1); ``[renumber]``; ``plugins = [...]`` Python files registering Event effects with
  ``@event_effect("a_distant_plain", <card>, "<side>", text=..., provenance=...)`` (shared loader:
  coin_env/coin/datapack.py);
* ``[spaces."<name>"]`` ``terrain`` ("Mountain" / "Plains", Afghan Provinces; 3.2.4), ``population``
  (Provinces, 0..2), ``pashtun`` (true/false; never for LoCs, 1.3.4), ``econ`` (LoCs, 1..4),
  ``adjacent`` (the full list of neighbours, 1.3.6);
* ``[random_spaces]`` ``regions``: the printed Random Spaces sheet of the non-player rules (8.4) -- six
  regions (green die) of six space names (second die) in arrow order; the arrows run from slot to slot
  and from a region's last slot to the next region's first. Every map space must appear at least once.

The new map must still meet the rulebook: Afghan Population 25 (1.9), LoC Econ 12 (6.3.2), symmetric
adjacency, every space with a neighbour, and the three scenarios' printed victory markers (2.1) --
otherwise the pack is refused with every problem named, and nothing changes. A pack applies
process-wide (the tables in static.py are rebuilt in place).
"""

from __future__ import annotations

import numpy as np

from ...coin.datapack import DataPackError, DataPackLoader, adjacency_row, int_in_range, read, table
from . import static
from .data import cards as carddata
from .data import map as mapdata
from .data import random_spaces
from .data.pieces import FACTION_NAMES, FACTIONS
from .data.scenarios import SCENARIOS

CARD_KEYS = {"title", "order", "halo"}
SPACE_KEYS = {"terrain", "population", "pashtun", "econ", "adjacent"}
FACTION_ALIASES = {**{f: f for f in FACTIONS}, **{n.lower(): f for f, n in FACTION_NAMES.items()}}


def _defaults():
    pop = np.array([s[2] for s in mapdata.SPACES] + [0] * len(mapdata.LOCS), dtype=static.PRINTED_POP.dtype)
    econ = np.array([0] * len(mapdata.SPACES) + [r[1] for r in mapdata.LOCS], dtype=static.ECON.dtype)
    pashtun = np.array([s[3] for s in mapdata.SPACES] + [False] * len(mapdata.LOCS))
    mountain = np.array([s[4] == mapdata.MOUNTAIN for s in mapdata.SPACES] + [False] * len(mapdata.LOCS))
    return pop, econ, pashtun, mountain, static._build_adjacency()


def _space_fact(sp: int, key: str, value, where: str, facts: dict, errors: list[str]) -> None:
    pop, econ, pashtun, mountain, adj = facts["arrays"]
    province = bool(static.IS_PROVINCE[sp])
    if key == "terrain":
        if not static.IS_AFGHAN_PROVINCE[sp]:
            errors.append(f"{where} = {value!r}: only Afghan Provinces are Mountain or Plains (3.2.4)")
        elif value not in (mapdata.MOUNTAIN, mapdata.PLAINS):
            errors.append(f"{where} = {value!r}: must be {mapdata.MOUNTAIN!r} or {mapdata.PLAINS!r}")
        else:
            mountain[sp] = value == mapdata.MOUNTAIN
    elif key == "population":
        if not province:
            errors.append(f"{where} = {value!r}: only Provinces take a Population here (Kabul is 3, LoCs none)")
        elif int_in_range(value, 0, 2, where, errors, "Population (1.3.3)") is not None:
            pop[sp] = value
    elif key == "pashtun":
        if static.IS_LOC[sp]:
            errors.append(f"{where} = {value!r}: LoCs are never Pashtun (1.3.4)")
        elif not isinstance(value, bool):
            errors.append(f"{where} = {value!r}: must be true or false")
        else:
            pashtun[sp] = value
    elif key == "econ":
        if not static.IS_LOC[sp]:
            errors.append(f"{where} = {value!r}: only LoCs have Econ (1.3.4)")
        elif int_in_range(value, 1, 4, where, errors, "Econ (1.3.4)") is not None:
            econ[sp] = value
    elif key == "adjacent":
        row = adjacency_row(value, static.INDEX, static.SPACE_NAMES[sp], where, errors)
        if row is not None:
            adj[sp] = row
    else:
        errors.append(f"{where}: unknown key; known keys: {sorted(SPACE_KEYS)}")


def _check_map(facts: dict, errors: list[str]) -> None:
    """The rulebook's totals and the scenarios' printed victory markers must still hold."""
    pop, econ, _pashtun, _mountain, adj = facts["arrays"]
    names = static.SPACE_NAMES
    afghan = int(pop[~static.IS_PAKISTAN].sum())
    if afghan != mapdata.AFGHAN_POPULATION:
        errors.append(f"spaces.*.population: Afghan Population totals {afghan}, the rules say "
                      f"{mapdata.AFGHAN_POPULATION} (1.9)")
    if int(econ.sum()) != mapdata.TOTAL_ECON:
        errors.append(f"spaces.*.econ: LoC Econ totals {int(econ.sum())}, the rules say {mapdata.TOTAL_ECON} (6.3.2)")
    for i in range(static.N_SPACES):
        for j in range(i + 1, static.N_SPACES):
            if adj[i, j] != adj[j, i]:
                a, b = (i, j) if adj[i, j] else (j, i)
                errors.append(f"spaces.{names[a]!r}.adjacent lists {names[b]!r} but not the reverse "
                              f"(adjacency is symmetric, 1.3.6)")
        if not adj[i].any():
            errors.append(f"spaces.{names[i]!r}.adjacent: the space would have no neighbours")
    if errors:
        return
    saved = static.PRINTED_POP.copy()
    try:
        static.PRINTED_POP[:] = pop
        static.refresh_derived()
        from .setup import scenario_state
        from . import board
        for name, sc in SCENARIOS.items():
            got = board.victory_totals(scenario_state(name, 0, {}))
            if got != sc["victory_markers"]:
                errors.append(f"spaces.*.population: the {name} scenario's victory markers would be {got}, "
                              f"printed {sc['victory_markers']} (2.1)")
    finally:
        static.PRINTED_POP[:] = saved
        static.refresh_derived()


def _validate_game(data: dict, base_dir, errors: list[str]) -> dict:
    facts = {"arrays": _defaults()}
    for name, entry in table(data, "spaces", errors, "keyed by space name").items():
        if name not in static.INDEX:
            errors.append(f"spaces: unknown space {name!r}")
            continue
        if not isinstance(entry, dict):
            errors.append(f"spaces.{name!r} = {entry!r}: must be a table")
            continue
        for key, value in entry.items():
            _space_fact(static.INDEX[name], key, value, f"spaces.{name!r}.{key}", facts, errors)
    _check_map(facts, errors)
    facts["random_spaces"] = _random_spaces(table(data, "random_spaces", errors, "with key 'regions'"), errors)
    return facts


def _random_spaces(section: dict, errors: list[str]) -> list[list[str]]:
    """8.4: the Random Spaces sheet (six regions of six spaces); the built-in reconstruction by default."""
    for key in section:
        if key != "regions":
            errors.append(f"random_spaces.{key}: unknown key; known keys: ['regions']")
    regions = section.get("regions")
    if regions is None:
        return [list(r) for r in random_spaces.DEFAULT_REGIONS]
    n = random_spaces.N_REGIONS
    if not (isinstance(regions, list) and len(regions) == n
            and all(isinstance(r, list) and len(r) == random_spaces.N_SLOTS for r in regions)):
        errors.append(f"random_spaces.regions = {regions!r}: must be {n} lists of {random_spaces.N_SLOTS} space names (8.4)")
        return []
    for i, region in enumerate(regions):
        for name in region:
            if name not in static.INDEX:
                errors.append(f"random_spaces.regions[{i}]: unknown space {name!r}")
    missing = [name for name in static.SPACE_NAMES if not any(name in r for r in regions)]
    if missing:
        errors.append(f"random_spaces.regions: every map space must be on the sheet; missing {missing}")
    return [list(r) for r in regions]


def _commit_game(plan: dict) -> None:
    pop, econ, pashtun, mountain, adj = plan["arrays"]
    static.PRINTED_POP[:] = pop
    static.ECON[:] = econ
    static.IS_PASHTUN[:] = pashtun
    static.IS_MOUNTAIN[:] = mountain
    static.ADJACENT[:] = adj
    static.NEIGHBORS[:] = static.neighbors_of(static.ADJACENT)
    random_spaces.REGIONS[:] = plan["random_spaces"]
    static.refresh_derived()
    from ...core.encoding import _ENCODER_CACHE
    enc = _ENCODER_CACHE.get("a_distant_plain")
    if enc is not None:
        enc.refresh_static()                          # the encoder's fixed map facts follow the pack


LOADER = DataPackLoader("a_distant_plain", FACTIONS, FACTION_ALIASES, carddata.TABLE, CARD_KEYS, {"spaces", "random_spaces"},
                        _validate_game, _commit_game)
validate, apply, ensure, reset, active, applied = LOADER.api()

__all__ = ["DataPackError", "apply", "applied", "active", "ensure", "reset", "read", "validate"]
