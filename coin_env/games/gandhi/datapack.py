"""Owner data packs: facts from a printed copy of Gandhi that the rulebook does not give.

A pack is a TOML or YAML file (or the same structure as a dict) that sets, by card number, the
faction order, Critical markers (8.8.1), square halos (8.8.2) and title; moves card records
(``[renumber]``, e.g. the Pakistan Declaration cited as both #45 and #16); and, by space name, map
facts: Population, railway Econ and adjacency; and ``[arjuna]``, the printed Arjuna content (cards,
Space Selection columns, Random Spaces map, Adversary Priorities; data/arjuna/pack.py). Effects for cards whose text is not known come from
Python plugin files (``plugins = [...]``, paths relative to the pack) or installed entry points
(group ``coin_env.gandhi.events``); a plugin registers one function per card side with
``@event_effect("gandhi", <card>, "<side>", text=..., provenance=...)``. docs/data-packs.md
documents the format with a complete example.

Safety:

* The whole pack is validated before anything changes; every error names the offending key and
  value (:class:`DataPackError` lists them all). A pack breaking an invariant is refused: unknown
  space or card, asymmetric adjacency (1.3.8), a space left without neighbours, a City whose
  Population is not 1 (1.3.2), railway Econ not totalling 40 (6.2.2), a scenario setup with more
  Bases than the new Population (1.4.2), an order that is not the four factions once each.
* A pack never changes anything process-wide: :func:`load` builds the game's immutable data
  (:class:`data_facts.GandhiData`: card records, Population, Econ, adjacency, Arjuna content) that
  the game made with it holds and its clones share. ``make_game("gandhi", options={"data_pack":
  path})`` loads it; the game's save stores the pack's content (plugin and Arjuna face files by
  absolute path and SHA-256), so it replays anywhere, and a named file changed since is refused.
"""

from __future__ import annotations

import numpy as np

from ...coin.datapack import DataPackError, DataPackLoader, read, space_entries
from ...coin.events import SIDES
from . import static
from .data_facts import GandhiData
from .data import cards as carddata
from .data import map as mapdata
from .data.pieces import FACTION_NAMES, FACTIONS
from .data.scenarios import SCENARIOS

CARD_KEYS = {"title", "order", "critical", "halo"}
SPACE_KEYS = {"population", "econ", "adjacent"}
FACTION_ALIASES = {**{f: f for f in FACTIONS}, **{name.lower(): f for f, name in FACTION_NAMES.items()},
                   "revolutionaries": "revs", "muslim league": "ml", "british raj": "raj"}


def _validate_game(data: dict, base_dir, errors: list[str]) -> dict:
    """Gandhi's own sections: map facts by space name, and the printed Arjuna content."""
    # Map facts.
    pop = static.BUILTIN_POP.copy()
    econ = static.BUILTIN_ECON.copy()
    adj = static.BUILTIN_ADJACENT.copy()
    rows_given: set[int] = set()
    for name_, sp, entry in space_entries(data, static.INDEX, errors):
        for k, v in entry.items():
            where = f"spaces.{name_!r}.{k}"
            if k not in SPACE_KEYS:
                errors.append(f"{where}: unknown key; known keys: {sorted(SPACE_KEYS)}")
            elif k == "population":
                if static.IS_RAILWAY[sp]:
                    errors.append(f"{where} = {v!r}: a Railway has no Population (1.3.6)")
                elif not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 2:
                    errors.append(f"{where} = {v!r}: Population must be 1 or 2")
                elif static.IS_CITY[sp] and v != 1:
                    errors.append(f"{where} = {v!r}: every City has Population 1 (1.3.2)")
                else:
                    pop[sp] = v
            elif k == "econ":
                if not static.IS_RAILWAY[sp]:
                    errors.append(f"{where} = {v!r}: only Railways have Econ (1.3.6)")
                elif not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 9:
                    errors.append(f"{where} = {v!r}: Econ must be an integer 1..9")
                else:
                    econ[sp] = v
            elif k == "adjacent":
                if not isinstance(v, list):
                    errors.append(f"{where} = {v!r}: must be a list of space names")
                    continue
                row = np.zeros(static.N_SPACES, dtype=bool)
                ok = True
                for other in v:
                    if other not in static.INDEX:
                        errors.append(f"{where}: unknown space {other!r}")
                        ok = False
                    elif other == name_:
                        errors.append(f"{where}: {other!r} cannot be adjacent to itself")
                        ok = False
                    elif row[static.INDEX[other]]:
                        errors.append(f"{where}: {other!r} listed twice")
                        ok = False
                    else:
                        row[static.INDEX[other]] = True
                if ok:
                    adj[sp] = row
                    rows_given.add(sp)
    # Invariants of the new map.
    names = static.SPACE_NAMES
    for i in range(static.N_SPACES):
        for j in range(i + 1, static.N_SPACES):
            if adj[i, j] != adj[j, i]:
                a, b = (i, j) if adj[i, j] else (j, i)
                fix = f"add {names[a]!r} to spaces.{names[b]!r}.adjacent" if b in rows_given or a not in rows_given \
                    else f"list {names[a]!r} in spaces.{names[b]!r}.adjacent"
                errors.append(f"spaces.{names[a]!r}.adjacent: lists {names[b]!r} but {names[b]!r} is not adjacent "
                              f"to {names[a]!r} (adjacency is symmetric, 1.3.8); {fix}")
    for i in range(static.N_SPACES):
        if not adj[i].any():
            errors.append(f"spaces.{names[i]!r}.adjacent: the space would have no neighbours")
    total = int(econ.sum())
    if total != mapdata.TOTAL_ECON:
        errors.append(f"spaces.*.econ: railway Econ totals {total}, the rules say {mapdata.TOTAL_ECON} (6.2.2)")
    for sc_name, sc in SCENARIOS.items():
        for space, entry in sc["map"].items():
            pieces = entry.get("pieces", {})
            bases = pieces.get("ML Base", 0) + pieces.get("Rev Base", 0)
            sp = static.INDEX[space]
            if bases > pop[sp]:
                errors.append(f"spaces.{space!r}.population = {int(pop[sp])}: the {sc_name} scenario sets up "
                              f"{bases} Bases there (Bases <= Population, 1.4.2)")

    # Printed Arjuna content (8.1.1): cards, columns, Random Spaces map, Adversary Priorities.
    from .data.arjuna import pack as arjuna_pack
    arjuna = arjuna_pack.validate(data.get("arjuna"), base_dir, errors)
    return {"arjuna": arjuna, "pop": pop, "econ": econ, "adj": adj}


def _build_data(plan: dict, meta: dict) -> GandhiData:
    """The game's immutable data from a validated plan (LOADER.validate) and the pack's name / content /
    digest (None / None / "builtin": the built-in data)."""
    from .data.arjuna import pack as arjuna_pack
    game = plan["game"]
    return GandhiData(cards=plan["cards"], pop=game["pop"], econ=game["econ"], adjacent=game["adj"],
                      arjuna=arjuna_pack.build(game["arjuna"]), **meta)


LOADER = DataPackLoader("gandhi", FACTIONS, FACTION_ALIASES, carddata.TABLE, CARD_KEYS, {"spaces", "arjuna"},
                        _validate_game, _build_data, file_lists=(("plugins",), ("arjuna", "faces")))
load = LOADER.load              # source (path / dict / None) -> GandhiData
default = LOADER.default        # the built-in data
validate = LOADER.validate      # (data, base_dir, name) -> plan; raises DataPackError

__all__ = ["DataPackError", "LOADER", "default", "load", "read", "validate", "SIDES"]
