"""The set-up (2.1): the game has a single scenario."""

from __future__ import annotations

SETUP = {
    "provenance": "rule 2.1",
    "pieces": {   # space -> {piece name: count}; Amirs and Rajas start Obedient (1.4.6 default)
        "Delhi": {"Troop": 4},
        "Mountain Passes": {"Troop": 2},
        "Punjab": {"Troop": 4},
        "Malwa": {"Troop": 3, "Governor": 1},
        "Jaunpur": {"Troop": 2},
        "Madhyadesh": {"Troop": 2, "Amir": 2},
        "Sindh": {"Troop": 1},
        "Rajput Kingdoms": {"Troop": 1},
        "Gujarat": {"Troop": 1, "Amir": 1},
        "Maharashtra": {"Amir": 4},
        "Gondwana": {"Amir": 1},
        "Andhra": {"Troop": 1, "Qasbah": 1, "Raja": 2},
        "Karnataka": {"Raja": 3},
        "Tamilakam": {"Troop": 1, "Raja": 1},
    },
    "tributary": "all",                          # a Tributary marker in each Province
    "influence": {"bk": 0, "ve": 0},
    "resources": {"ds": 12, "bk": 6, "ve": 7},
    "cavalry": {"ds": 2, "bk": 0, "ve": 0},      # the other 8 tokens form the pool
    "dynasty": "Khalji",                          # rule 2.7
    "vp": {"ds": 18, "bk": 0, "ve": 0},          # as printed in set-up (checked against the board)
}
SCENARIOS = {"standard": SETUP}
