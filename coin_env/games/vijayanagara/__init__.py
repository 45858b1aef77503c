"""Vijayanagara: The Deccan Empires of Medieval India, 1290-1398 (GMT, Irregular Conflicts vol. 1).

Three player factions (Delhi Sultanate ``ds``, Bahmani Kingdom ``bk``, Vijayanagara Empire ``ve``)
and the non-player Mongol Invaders, worked by the faction a Mongol Invasion card names (1.5, 2.4).
Built on coin_env.coin: the card-driven sequence (coin/sequence.py, with this game's hooks), the
Operation / Special Activity framework (Commands and Decrees are this game's Operations and Special
Activities), the card table and data packs. Registered as ``"vijayanagara"`` (coin_env.core.registry):
one scenario, ``"standard"`` (the 2.1 set-up; ``game.SCENARIOS`` / ``DEFAULT_SCENARIO``), the observation
encoder (encoding.py), the text board (render.py) and the board picture (picture.py), so the PettingZoo,
gymnasium and vector envs, ``coin-env fuzz`` / ``bench`` and the shared engine-contract tests take it like
the other games. Its bots (``game.BOTS``) are none yet: tests that need a bot skip it with the reason.

Implemented (rule numbers of the Rules of Play):
* Set-up and deck construction 2.1; readable positions between cards.
* Sequence of play 2.2-2.3.7: every Eligible faction in card order; the two forked boxes (Command &
  Decree with a Command of zero or more spaces; Event or Command) close once taken; Limited Command
  (2.3.5) and Pass (+3 / +1 Resources, 2.3.6) open to all; eligibility adjustment 2.3.7.
* Mongol Invasion cards 2.4 (two Mongol Commands: Amass 3.5.1, Advance 3.5.2, Attack and Plunder
  3.5.3; Compromising Gifts), Succession cards 2.5.1-2.5.3 (Zenith, Rise with its free Limited
  Command and reward, Lords of the Deccan), Timurid Empire cards 2.6 with Timur's invasion, Dynasty
  2.7, final scoring 5.0-5.1 (Mongols in Delhi adjustment), ties by Resources.
* Battle: dice 3.2.4 / 3.5.3, hit thresholds, Cavalry Charge and Screen for the players and the
  Mongols' forced Charge (1.10), casualties chosen by their owner, Bahmani-Vijayanagara Influence
  shift (3.3.4 / 3.4.4).
* Commands (3.1: 1 Resource per space / destination, free when granted, each Unit used once):
  Conscript 3.2.1, March 3.2.2, Govern 3.2.3, Attack 3.2.4 / 3.3.4 / 3.4.4 (defender choice,
  supporters from one adjacent Qasbah / Fort / Temple space), Rally 3.3.1 / 3.4.1, Migrate 3.3.2 /
  3.4.2 (with the Influence shift), Rebel 3.3.3 / 3.4.3 (Tughlaq only).
* Decrees (one is required with the Command & Decree option, before or after the whole Command,
  4.1): Collect Tribute 4.2.1, Campaign 4.2.2 (a step-by-step walk of at most 3 steps with one
  pick-up and one drop-off per space; on Zenith and Rise through Delhi and Provinces only), Demand
  Obedience 4.2.3, Trade 4.3.1, Build 4.3.2 / 4.4.2, Conspire 4.3.3, Tax 4.4.1, Compel 4.4.3.
* Board: Control 1.7 (recomputed from the pieces, so "instantly"), Tributary / Independent 1.6,
  Obedient / Rebelling 1.4.5, Deccan Influence with its Unit slots (released on reaching a slot,
  refilled from Available or the map, the faction's choice) 1.9, Resources 0-24 1.8, the shared
  Cavalry pool (taking from another faction when it is empty, the gainer's choice) 1.10, victory
  totals 5.1-5.3, stacking 1.4.4.

Reconstructed (the board and cards are not public; each datum is tagged in data/):
* Map: the 12 Provinces the rules name are taken as all of them; adjacency keeps every stated pair
  (1.3.5 examples, the Vindhya Range 1.3.6, the Mongols' route 2.6 / 3.5), infers the Vindhya ring and
  the four-way point the 1.3.5 examples describe, and fills the rest from geography.
* Prosperity: six Provinces at 2 and six at 1 (forced by Delhi's 18 starting VP, 2.1); which six is
  a historical guess. An owner data pack can correct both (the 18 total and stated pairs are enforced).
* Event cards' faction order (balanced, deterministic); which faction each Mongol Invasion card
  names (37-40 Bahmani, 41-44 Vijayanagara).
* Readings of open points (digest §12): Gifts need Influence >= 1; Timur's invasion does not
  return Mongols beyond 3 (5.1's example needs 6 in Delhi); the Delhi Resource loss applies on every
  attack in Delhi during it; tied final scores rank by Resources then faction order (the Aadu-Huli
  aata tie-break, 5.5, is not implemented); a Qasbah may be placed in Delhi or a Mongol Invasion
  Region; Rajas moved by Compel keep their orientation (Obedient in a Tributary Province); a side
  removes any of its own pieces in the battle space (Structures too) or its supporters as casualties.
* Pruned: an Attack in which no Unit of the attacker could take part is not offered (legal by the
  text, but it cannot hit and only loses pieces).

Missing (not in the vocabulary, never offered):
* Every Event (no card text is public): the Event option is never offered; "Stay Eligible" is
  supported only through the shared override hook.
* Negotiation (1.5.2) beyond gifts: deals and promises are not offered; the Non-Player system (1.5.1,
  its rulebook is not public); Cities (1.3.4, named only by Events).

Options: ``timurs_shadow`` (the optional rule: one space per Command after the first Timurid card),
``transfers`` (1.5.2, off by default: at the end of its turn on a card a faction may give Resources and
Cavalry tokens to the others, rules/transfers.py), ``prosperity`` (``"builtin"``, or ``"random"``: per
game, from its seed, one of the 924 Prosperity assignments 1.3.1 and 2.1 allow -- six Provinces at 2, six
at 1 -- for robustness studies; it becomes the game's data pack), ``data_pack`` (an owner's map
corrections and card facts, datapack.py).

The game log (``make_game(..., log=True)``) records the pieces placed, moved, removed and flipped, the
tracks (Resources, Cavalry, Influence, Dynasty, Timurid cards), Tributary markers, Control, eligibility,
the special cards' phases (2.4-2.6) and final scoring (5.0).
"""
