"""8.4 Random Spaces map -- reconstructed.

The printed Random Spaces sheet (six coloured regions keyed to the green die, six numbered spaces per
region, arrows leading from space to space) is not in the rulebook and was not found anywhere we could
reach (digest 11.7, 11.13). This table is a reconstruction that keeps the procedure's shape:

* six regions of neighbouring spaces (west, south, Pakistan border, centre, north-east, north-west),
  each with six slots: 32 map spaces fill 32 slots, and the 4 spare slots repeat Kabul (twice), Balkh and
  Khowst, the populous spaces (the public VASSAL bot likewise weights Kabul three times);
* the arrows are read as "next slot of the region, then the first slot of the next region" (6 -> 1), so
  following them from any slot reaches every space.

An owner data pack replaces it with the printed sheet (section ``[random_spaces] regions``, see
``datapack.py``): the sheet a game uses is on its data (``game.data.regions``).
"""

from __future__ import annotations

PROVENANCE = ("reconstructed: the Random Spaces sheet is not in the rulebook; six geographic regions of six "
              "slots, arrows read as slot order then next region")

DEFAULT_REGIONS: tuple[tuple[str, ...], ...] = (
    ("Herat", "Badghis", "Ghowr", "Farah", "Nimruz", "LoC Toraghondi-Farah"),                              # 1 west
    ("Helmand", "Kandahar", "Oruzgan", "Zabol", "LoC Farah-Kandahar", "LoC Kandahar-Spin Boldak"),          # 2 south
    ("Balochistan", "Waziristan", "Paktika", "Khowst", "Northwest Frontier", "LoC Kabul-Tor Kham"),       # 3 border
    ("Kabul", "Ghazni", "Bamian", "Nuristan", "Kabul", "LoC Kandahar-Kabul"),                              # 4 centre
    ("Badakhshan", "Konduz", "Baghlan", "Samangan", "Kabul", "LoC Kabul-Aibak"),                           # 5 north-east
    ("Balkh", "Faryab", "Sar-e-Pol", "Balkh", "Khowst", "LoC Shibirghan-Aibak"),                           # 6 north-west
)
N_REGIONS = N_SLOTS = 6     # the green die picks the region, any die the slot
