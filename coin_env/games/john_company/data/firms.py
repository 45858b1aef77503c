"""Deregulation and private firms: printed values (RB p.36-42, digest §8; gaps G3, G5, G12).

Every value the sources do not print is marked ``reconstructed: <reason>`` and can be replaced by an
owner data pack (data_facts.OWNER_KEYS: ``firm_value_track``, ``deregulation_spaces``,
``deregulation_support``).
"""

from __future__ import annotations

# The law card "Deregulation" (back: Debtor's Prison), law id 56 in data/cards.py.
DEREGULATION_LAW = (56, "rule: RB p.5 step 13, p.36 (one law card, used only in some scenarios)")

# The firm Value track (digest G5): per space, left to right, (£ value used for expenses, VP per firm share
# at Final Scoring in half VP, so fractions can be summed and rounded down at the end, RB p.37).
FIRM_VALUE_TRACK = (
    ((0, -2), (1, -1), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 3), (9, 4), (10, 4), (11, 5), (12, 6)),
    "reconstructed: the firm charter's Value track is not in the sources (digest G5); RB p.37 says firms "
    "score 'or lose' VP per share with fractions rounded down (negative and half values), RB p.42's example has "
    "a firm Value of £5")

# The Standing / Debt spaces used by Deregulation (digest G3): lined (PM may call the vote; Company shares are
# weak), star (PM must call it), and the Standing space "S" (Standing after a passed vote).
DEREGULATION_SPACES = (
    {"standing_lined": [1, 2], "standing_star": [1], "debt_lined": [5, 6, 7, 8], "debt_star": [7, 8],
     "standing_s": 3},
    "reconstructed: the board's lined / star / 'S' spaces are not in the sources (digest G3); chosen at the "
    "Company's bad end (low Standing, high Debt), 'S' one space below the 1710 start")

# The Deregulation card's initial support (digest G12).
DEREGULATION_SUPPORT = (0, "reconstructed: the card's printed initial support is not in the sources (digest G12)")
WRITER_PRIVILEGES_BONUS = (5, "rule: law Writer Privileges, digest appendix A (+5 to a deregulation vote)")

FIRM_SHARE_LIMIT = (10, "rule: RB p.38 (a firm may only have 10 shares)")
FIRM_CAPITAL = (5, "rule: RB p.38 (£5 from the bank per investment)")
FIRM_FIT_COST = (3, "rule: RB p.39 (£3 per ship fitted); Ship Subsidy law: £2 (digest appendix A)")
FIRM_BUYBACK_COST = ((3, 2), "rule: RB p.39 (£3 unfatigued, £2 fatigued, to the Shipping office's treasury)")
VALUE_STEP = (6, "rule: RB p.40 (one Value space per £6 added to the India treasury)")
DEBTORS_PRISON_VP = (-1, "rule: RB p.37, p.41 (each piece in Debtor's Prison: -1 VP)")
LONG_1710_LAST_TURN = (8, "rule: RB p.4 (Long 1710 may go up to 8 turns)")
