"""Owner data packs for A Distant Plain: facts printed on the map and cards that the rulebook does
not give (docs/data-packs.md).

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
otherwise the pack is refused with every problem named.

A pack changes nothing process-wide: :data:`LOADER` builds an :class:`AdpData` (immutable) that the game
made with it holds (``game.data``, ``state.data``) and its clones share; every rule, bot, the encoder and
the renderer read the map facts and card records from there. A game made without a pack holds the
built-in data (:func:`default`).
"""

from __future__ import annotations

import numpy as np

from ...coin.datapack import DataPackError, DataPackLoader, adjacency_row, int_in_range, read, space_entries, table
from ...core.data import GameData, frozen_array
from . import static
from .data import cards as carddata
from .data import map as mapdata
from .data import random_spaces
from .data.pieces import FACTION_NAMES, FACTIONS
from .data.scenarios import SCENARIOS

CARD_KEYS = {"title", "order", "halo"}
SPACE_KEYS = {"terrain", "population", "pashtun", "econ", "adjacent"}
FACTION_ALIASES = {**{f: f for f in FACTIONS}, **{n.lower(): f for f, n in FACTION_NAMES.items()}}


class AdpData(GameData):
    """The facts one A Distant Plain game plays with (DESIGN "A game owns its data"): built-in, or as an
    owner data pack changed them. Immutable; shared by the game's clones; rebuilt from ``content`` when
    a save or a pickle is loaded.

    Map facts (numpy arrays are read-only, indexed by space, static.INDEX order):

    * ``printed_pop`` (int16, 1.3.3; LoCs 0), ``econ`` (int16, LoCs 1.3.4; else 0), ``is_pashtun``
      (bool, 1.3.4), ``is_mountain`` (bool, 3.2.4), ``adjacent`` (bool spaces x spaces, 1.3.6);
    * ``neighbors``: tuple per space of its adjacent spaces (ascending); ``network_neighbors``: those that
      are LoCs or Kabul (3.2.2 / 4.3.2);
    * ``pop_list`` / ``econ_list`` / ``pashtun_list`` / ``mountain_list``: printed Pop, Econ, Pashtun and
      Mountain as tuples of Python ints / bools (hot paths);
    * ``afghan_controllable_f32`` (Kabul and the Afghan Provinces as a float32 mask) and ``afghan_pop_f32``
      (their printed Pop, 0 elsewhere): the encoder's whole-board products;
    * ``loc_neighbors`` and ``sweep_near_open``: each space's adjacent LoCs, and where a Sweep into it may
      come from while none of them is Sabotaged (3.2.3);
    * ``regions``: the Random Spaces sheet (8.4), six tuples of six space names; ``random_space_slots``:
      its slots in arrow order as space indices; ``random_space_ring``: those slots twice over.

    ``cards``: the Event card records (coin.cards.CardFacts: ``record``, ``faction_order``, ``title``).
    Tables derived from these facts for one consumer (the encoder's template) are built with
    :meth:`GameData.derived`."""

    def __init__(self, cards, pop, econ, pashtun, mountain, adjacent, regions,
                 name=None, content=None, digest="builtin"):
        super().__init__("a_distant_plain", name, content, digest)
        n = static.N_SPACES
        self._set("cards", cards)
        self._set("printed_pop", frozen_array(pop, np.int16))
        self._set("econ", frozen_array(econ, np.int16))
        self._set("is_pashtun", frozen_array(pashtun, bool))
        self._set("is_mountain", frozen_array(mountain, bool))
        self._set("adjacent", frozen_array(adjacent, bool))
        neighbors = tuple(static.neighbors_of(self.adjacent))
        self._set("neighbors", neighbors)
        self._set("network_neighbors", tuple(tuple(o for o in neighbors[sp] if static.IS_NETWORK[o])
                                             for sp in range(n)))
        # 3.2.3 Sweep: the LoCs next to each space, and the spaces a Sweep group may come from while none
        # of those LoCs is Sabotaged (adjacent, or adjacent to one of them), in map order (rules/coin_ops.py)
        loc_neighbors = tuple(tuple(o for o in neighbors[sp] if static.LOC_LIST[o]) for sp in range(n))
        self._set("loc_neighbors", loc_neighbors)
        self._set("sweep_near_open", tuple(
            tuple(sorted(set(neighbors[sp]).union(*(neighbors[loc] for loc in loc_neighbors[sp])) - {sp}))
            for sp in range(n)))
        self._set("pashtun_list", tuple(bool(x) for x in self.is_pashtun))
        self._set("pop_list", tuple(int(x) for x in self.printed_pop))
        self._set("econ_list", tuple(int(x) for x in self.econ))
        self._set("mountain_list", tuple(bool(x) for x in self.is_mountain))
        afghan = static.IS_CONTROLLABLE & ~static.IS_PAKISTAN
        self._set("afghan_controllable_f32", frozen_array(afghan, np.float32))
        self._set("afghan_pop_f32", frozen_array(self.printed_pop * afghan, np.float32))
        self._set("regions", tuple(tuple(r) for r in regions))
        self._set("random_space_slots", tuple(static.INDEX[name] for r in self.regions for name in r))
        # the sheet twice over: the walk from any slot round once is one slice of it (bots/context.py)
        self._set("random_space_ring", self.random_space_slots * 2)
        self._freeze()


def _defaults():
    """The built-in map facts as new (writable) arrays the validation edits: pop, econ, pashtun,
    mountain, adjacency."""
    pop = np.array([s[2] for s in mapdata.SPACES] + [0] * len(mapdata.LOCS), dtype=np.int16)
    econ = np.array([0] * len(mapdata.SPACES) + [r[1] for r in mapdata.LOCS], dtype=np.int16)
    pashtun = np.array([s[3] for s in mapdata.SPACES] + [False] * len(mapdata.LOCS))
    mountain = np.array([s[4] == mapdata.MOUNTAIN for s in mapdata.SPACES] + [False] * len(mapdata.LOCS))
    return pop, econ, pashtun, mountain, static.builtin_adjacency()


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
    # The scenarios' victory markers with the candidate map: computed on a candidate data object (the
    # built-in cards and Random Spaces sheet; only the map facts count here), nothing else is touched.
    candidate = AdpData(carddata.TABLE.builtin(), *facts["arrays"], random_spaces.DEFAULT_REGIONS)
    from .setup import scenario_state
    from . import board
    for name, sc in SCENARIOS.items():
        got = board.victory_totals(scenario_state(name, 0, {}, candidate))
        if got != sc["victory_markers"]:
            errors.append(f"spaces.*.population: the {name} scenario's victory markers would be {got}, "
                          f"printed {sc['victory_markers']} (2.1)")


def _validate_game(data: dict, base_dir, errors: list[str]) -> dict:
    facts = {"arrays": _defaults()}
    for name, sp, entry in space_entries(data, static.INDEX, errors):
        for key, value in entry.items():
            _space_fact(sp, key, value, f"spaces.{name!r}.{key}", facts, errors)
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


def _build_data(plan: dict, meta: dict) -> AdpData:
    """The game's data from a validated plan (DataPackLoader.validate) and the pack's name / content /
    digest."""
    game = plan["game"]
    return AdpData(plan["cards"], *game["arrays"], game["random_spaces"], **meta)


LOADER = DataPackLoader("a_distant_plain", FACTIONS, FACTION_ALIASES, carddata.TABLE, CARD_KEYS, {"spaces", "random_spaces"},
                        _validate_game, _build_data)
load = LOADER.load            # source (None, path, dict, AdpData) -> AdpData
default = LOADER.default      # the built-in data


def validate(source) -> dict:
    """Check a pack (a path or a dict) without building a game: the plan (name, map facts, cards);
    raises DataPackError naming every problem."""
    data, base_dir, name = read(source)
    return LOADER.validate(data, base_dir, name)


__all__ = ["AdpData", "DataPackError", "LOADER", "default", "load", "read", "validate"]
