"""The observation blocks every COIN game shares, as a base class of the games' encoders.

A COIN game's observation (``coin_env.core.encoding.Encoder``) is its own board -- spaces, off-map
boxes, tracks -- followed by the card-driven context that is the same in every COIN volume.
:class:`CoinEncoder` lays out and encodes that shared part; a game's encoder subclasses it and
supplies the board blocks and a few small hooks.

Shared groups (in vector order, after the game's ``spaces`` / ``boxes`` / ``tracks``):

* ``cards``    for Current and Upcoming: present, periodic flag (Campaign / Propaganda card),
  faction order one-hot per position (n factions x n factions; zeros for a periodic card), card
  number one-hot (1..``n_cards``); then the game's extra card features (:meth:`build_card_extras`).
* ``sequence`` eligibility per faction; offered / acted this card per faction; deciding as
  1st / 2nd Eligible; card done; what the 1st Eligible did (op, op_sa, limited, event).
* ``turn``     an action in progress, its faction and kind (pass, event, op, op_sa, limited),
  the Operation and Special Activity one-hot over the vocabulary's ``operation`` / ``special``
  groups, SA in progress / done, spaces selected / 4 for each; the per-space flags "selected
  for Operation" / "selected for Special Activity" are written into the spaces block.
* ``decision`` the prompt kind one-hot (non-automatic prompt kinds, sorted, + other), the
  continuation a ``choose`` prompt answers one-hot (sorted, + other), the acting faction, the
  perspective faction, perspective-is-acting, remaining budget (frame ``"left"``: flag and
  min(left, 20) / 6), the space the decision is about (per-space flag "decision space": the
  frame's ``decision_space_keys``, by default ``"space"``), the piece type the decision is about
  (frame ``"piece"``).

The game's ``spaces`` group (one row of ``space_features`` per map space; the row ends with
:data:`CONTEXT_FEATURES`, written here) and ``boxes`` group (count / force pool per off-map box and
piece type) are laid out by the base; the game declares its ``tracks`` and may use
:meth:`CoinEncoder.victory_block` / :meth:`encode_victory` (totals / 20, margins / 20 clipped to
[-2, 2]) and :meth:`deck_block` / :meth:`encode_deck` (periodic cards left / played, draw deck,
cards played) there.

Hooks a subclass provides: ``game_class()`` (the game class: factions, vocabulary, registries),
``space_names``, ``space_features``, ``piece_names``, ``n_cards``, ``periodic_name``,
``boxes`` and ``force_pool``, ``build_tracks(vocab)``, ``static_spaces(data)`` (the (spaces x
features) fixed facts of the game's data: :meth:`CoinEncoder.template` builds the vector every encode
starts from once per data object), ``encode_board(game, out, sv)`` (spaces, boxes via
:meth:`encode_boxes`, tracks) and optionally ``build_card_extras()`` / ``encode_card_extras(s, out)``
and ``decision_space_keys``.

Text rendering helpers for the games' ``render(game)`` (the other half of
``coin_env.core.encoding``'s registries): :func:`card_text`, :func:`sequence_lines`,
:func:`box_lines`, :func:`prompt_lines`.
"""

from __future__ import annotations

import numpy as np

from ..core.encoding import Encoder

PIECE_SCALE = 0.25
# The per-space decision-context features every COIN game ends its space row with.
CONTEXT_FEATURES = ["selected for Operation", "selected for Special Activity", "decision space"]
TURN_KINDS = ["pass", "event", "op", "op_sa", "limited"]
FIRST_DID = ["op", "op_sa", "limited", "event"]


class CoinEncoder(Encoder):
    """The shared COIN layout; see the module docstring for the blocks and the hooks."""

    space_names: list[str] = []
    space_features: list[str] = []
    piece_names: list[str] = []
    boxes: tuple = ()                      # off-map boxes: (name, location in the pieces array)
    force_pool = np.zeros(0, dtype=np.float32)   # pieces of each type in the game (box counts are scaled by it)
    n_cards: int = 0
    periodic_name = "periodic"     # label of the periodic-card flag ("Campaign", "Propaganda")
    decision_space_keys: tuple[str, ...] = ("space",)   # frame keys naming the space a decision is about

    # --- hooks ------------------------------------------------------------------------------
    def game_class(self):
        raise NotImplementedError

    def build_tracks(self, vocab) -> None:
        """Declare the game's ``tracks`` group (after the ``spaces`` and ``boxes`` groups)."""
        raise NotImplementedError

    def static_spaces(self, data) -> np.ndarray:
        """(n spaces, n space features) float32: the fixed facts of the map of ``data`` (the game's data,
        ``game.data``; zeros elsewhere)."""
        raise NotImplementedError

    def encode_board(self, game, out: np.ndarray, sv: np.ndarray) -> None:
        """Write the game's spaces (into the view ``sv``), boxes and tracks."""
        raise NotImplementedError

    def build_card_extras(self) -> None:
        """Declare game-specific features of the ``cards`` group (after Current / Upcoming)."""

    def encode_card_extras(self, s, out: np.ndarray) -> None:
        """Write the game-specific card features."""

    # --- layout -----------------------------------------------------------------------------
    def __init__(self):
        super().__init__()
        game = self.game_class()
        vocab = game.vocabulary
        self.factions = list(game.factions)
        self.prompt_kinds = sorted(k for k, p in game.prompts.items() if not p.auto)
        self.continuations = sorted(game.continuations)
        self._kind_index = {k: i for i, k in enumerate(self.prompt_kinds)}
        self._cont_index = {k: i for i, k in enumerate(self.continuations)}
        self._op_base, op_end = vocab.group_ranges["operation"]
        self._sa_base, sa_end = vocab.group_ranges["special"]
        self._op_key = {vocab.key_of(a): a - self._op_base for a in range(self._op_base, op_end)}
        self._sa_key = {vocab.key_of(a): a - self._sa_base for a in range(self._sa_base, sa_end)}
        self._faction_index = {f: i for i, f in enumerate(self.factions)}
        self.n_spaces = len(self.space_names)
        self.nf = len(self.space_features)
        if self.space_features[-len(CONTEXT_FEATURES):] != CONTEXT_FEATURES:
            raise ValueError("a COIN space row must end with the decision-context features")
        self._col_op_sel, self._col_sa_sel, self._col_decision = (
            self.space_features.index(name) for name in CONTEXT_FEATURES)

        self.space_block()
        self.boxes_block(self.boxes, self.force_pool)
        self.build_tracks(vocab)
        fnames = self.factions
        nfac = len(fnames)
        self._card_event_offset = 2 + nfac * nfac
        self._card_number_offset = self._card_event_offset + len(self._event_feature_names(fnames))
        b = self.block
        self.o_card = {}
        for which in ("current", "upcoming"):
            self.o_card[which] = b("cards", [f"{which} card present", f"{which} card {self.periodic_name}"]
                                   + [f"{which} card order {i + 1}: {f}" for i in range(nfac) for f in fnames]
                                   + [f"{which} card {n}" for n in self._event_feature_names(fnames)]
                                   + [f"{which} card #{n}" for n in range(1, self.n_cards + 1)])
        self.build_card_extras()
        self.o_elig = b("sequence", [f"eligible {f}" for f in fnames])
        self.o_offered = b("sequence", [f"offered this card {f}" for f in fnames])
        self.o_acted = b("sequence", [f"acted this card {f}" for f in fnames])
        self.o_sop = b("sequence", ["deciding as 1st Eligible", "deciding as 2nd Eligible", "card done"])
        self.o_first = b("sequence", [f"1st Eligible did {d}" for d in FIRST_DID])
        self.o_turn = b("turn", ["action in progress"])
        self.o_turn_f = b("turn", [f"acting faction of the turn {f}" for f in fnames])
        self.o_turn_k = b("turn", [f"turn kind {k}" for k in TURN_KINDS])
        self.o_op = b("turn", [f"operation {vocab.label(a)}" for a in range(self._op_base, op_end)])
        self.o_sa = b("turn", [f"special activity {vocab.label(a)}" for a in range(self._sa_base, sa_end)])
        self.o_sa_state = b("turn", ["special activity in progress", "special activity done",
                                     "operation spaces selected", "special activity spaces selected"])
        self.o_kind = b("decision", [f"prompt {k}" for k in self.prompt_kinds] + ["prompt other"])
        self.o_cont = b("decision", [f"choice for {c}" for c in self.continuations] + ["choice for other"])
        self.o_actor = b("decision", [f"acting faction {f}" for f in fnames])
        self.o_persp = b("decision", [f"perspective {f}" for f in fnames] + ["perspective is acting"])
        self.o_left = b("decision", ["budget given", "budget left"])
        self.o_piece = b("decision", [f"decision piece {p}" for p in self.piece_names])

    # One encoder serves every game of its kind in the process (core.encoding caches it by game name), so it
    # holds nothing a data pack changes: the fixed map facts and the cards' faction orders are read from the
    # data of the game being encoded.
    def template(self, data) -> np.ndarray:
        """The vector every encode starts from: zeros but the fixed map facts of ``data``; built once per
        data object and kept with it (read-only)."""
        return data.derived(f"{type(self).__name__} template", self._build_template)

    def _build_template(self, data) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.space_view(out)[:] = self.static_spaces(data)
        out.setflags(write=False)
        return out

    def space_view(self, out: np.ndarray) -> np.ndarray:
        """The spaces block of ``out`` as a (spaces x features) view."""
        return out[self.o_spaces:self.o_spaces + self.n_spaces * self.nf].reshape(self.n_spaces, self.nf)

    # --- board helpers for the subclasses ------------------------------------------------------
    def mark_frame_spaces(self, frame: dict, sv: np.ndarray, col: int, keys) -> None:
        """Set per-space feature ``col`` for each map space a frame names under one of ``keys``."""
        for key in keys:
            sp = frame.get(key)
            if isinstance(sp, int) and 0 <= sp < self.n_spaces:
                sv[sp, col] = 1.0

    def space_block(self) -> None:
        """Declare the ``spaces`` group: ``space <name>: <feature>`` for every space and feature."""
        self.o_spaces = self.block("spaces", [f"space {sp}: {feat}" for sp in self.space_names
                                              for feat in self.space_features])

    def boxes_block(self, boxes, pool: np.ndarray) -> None:
        """Declare the ``boxes`` group: ``<box>: <piece>`` per box (name, location) and piece type;
        encoded as the count over the piece's force pool."""
        self._boxes = tuple(loc for _, loc in boxes)
        self._pool = pool
        self.o_boxes = self.block("boxes", [f"{box}: {p}" for box, _ in boxes for p in self.piece_names])

    def encode_boxes(self, s, out: np.ndarray) -> None:
        o = self.o_boxes
        n = len(self.piece_names)
        for loc in self._boxes:
            out[o:o + n] = s.pieces[loc] / self._pool
            o += n

    def victory_block(self) -> None:
        """Declare ``victory total <faction>`` and ``victory margin <faction>`` in ``tracks``."""
        self.o_totals = self.block("tracks", [f"victory total {f}" for f in self.factions])
        self.o_margins = self.block("tracks", [f"victory margin {f}" for f in self.factions])

    def encode_victory(self, out: np.ndarray, totals: dict, margins: dict) -> None:
        o, om = self.o_totals, self.o_margins
        for f, i in self._faction_index.items():
            out[o + i] = totals[f] / 20.0
            out[om + i] = max(-2.0, min(2.0, margins[f] / 20.0))

    def deck_block(self, left_label: str, played_label: str, n_periodic: int, n_deck: int) -> None:
        """Declare periodic cards left / played (over ``n_periodic``), draw deck and cards played
        (over ``n_deck``) in ``tracks``."""
        self._deck_scale = (float(n_periodic), float(n_periodic), float(n_deck), float(n_deck))
        self.o_deck = self.block("tracks", [left_label, played_label, "draw deck", "cards played"])

    def encode_deck(self, s, out: np.ndarray, left: int, played: int) -> None:
        o = self.o_deck
        sc = self._deck_scale
        out[o] = left / sc[0]
        out[o + 1] = played / sc[1]
        out[o + 2] = len(s.deck) / sc[2]
        out[o + 3] = len(s.played) / sc[3]

    # --- encoding -------------------------------------------------------------------------------
    def encode(self, game, perspective: str, out: np.ndarray) -> np.ndarray:
        s = game.state
        out[:] = self.template(s.data)
        sv = self.space_view(out)
        self.encode_board(game, out, sv)
        self._encode_cards(s.data.cards, s, out)
        self.encode_card_extras(s, out)
        self._encode_sequence(s, out)
        self._encode_turn(s, out, sv)
        self._encode_decision(game, perspective, out, sv)
        np.clip(out, self.low, self.high, out=out)
        return out

    @staticmethod
    def _event_feature_names(fnames) -> list[str]:
        return (["unshaded Event known", "shaded Event known"] + [f"Critical for {f}" for f in fnames]
                + [f"haloed for {f}" for f in fnames])

    def _event_table(self, data) -> np.ndarray:
        """Per card number, what its Event does as far as the game's data knows it: which sides have a
        known effect (the text is known, 5.1; a data pack adds the rest) and the factions for which the card
        is Critical or haloed (Gandhi 8.8.1 / 8.8.2). Built once per data object: a data pack changes it."""
        def build(data):
            nfac = len(self.factions)
            table = np.zeros((self.n_cards + 1, 2 + 2 * nfac), dtype=np.float32)
            for n in range(1, self.n_cards + 1):
                rec = data.cards.record(n) if n in data.cards.records else None
                if rec is None:
                    continue
                table[n, 0] = rec.unshaded.implemented
                table[n, 1] = rec.shaded.implemented
                for f in rec.critical:
                    table[n, 2 + self._faction_index[f]] = 1.0
                for f in rec.halo:
                    table[n, 2 + nfac + self._faction_index[f]] = 1.0
            table.setflags(write=False)
            return table
        return data.derived(f"{type(self).__name__} event features", build)

    def _encode_cards(self, cards, s, out: np.ndarray) -> None:
        """Current and Upcoming: present, periodic, faction order, what the Event is known to do
        (:meth:`_event_table`), card number (``cards``: the game's card facts)."""
        fi = self._faction_index
        nfac = len(fi)
        number = self._card_number_offset
        events = self._event_table(s.data)
        width = events.shape[1]
        for which, card in (("current", s.current), ("upcoming", s.upcoming)):
            if card is None:
                continue
            o = self.o_card[which]
            out[o] = 1.0
            if cards.is_periodic(card):
                out[o + 1] = 1.0
            else:
                for pos, f in enumerate(cards.faction_order(card)):
                    out[o + 2 + nfac * pos + fi[f]] = 1.0
            if 1 <= card <= self.n_cards:
                out[o + number + card - 1] = 1.0
                ev = o + self._card_event_offset
                out[ev:ev + width] = events[card]

    def _encode_sequence(self, s, out: np.ndarray) -> None:
        fi = self._faction_index
        sop = s.sop
        for f, i in fi.items():
            if s.eligible.get(f):
                out[self.o_elig + i] = 1.0
        for f in sop["offered"]:
            out[self.o_offered + fi[f]] = 1.0
        acted = sop["acted"]
        for f in acted:
            out[self.o_acted + fi[f]] = 1.0
        if sop["done"]:
            out[self.o_sop + 2] = 1.0
        elif len(acted) < 2:
            out[self.o_sop + len(acted)] = 1.0
        if sop["first_did"] in FIRST_DID:
            out[self.o_first + FIRST_DID.index(sop["first_did"])] = 1.0

    def _encode_turn(self, s, out: np.ndarray, sv: np.ndarray) -> None:
        turn = s.turn
        if turn is None:
            return
        out[self.o_turn] = 1.0
        out[self.o_turn_f + self._faction_index[turn["faction"]]] = 1.0
        if turn["kind"] in TURN_KINDS:
            out[self.o_turn_k + TURN_KINDS.index(turn["kind"])] = 1.0
        a = turn.get("op_action")
        if a is not None:
            out[self.o_op + a - self._op_base] = 1.0
        elif turn["op"] in self._op_key:
            out[self.o_op + self._op_key[turn["op"]]] = 1.0
        a = turn.get("sa_action")
        if a is not None:
            out[self.o_sa + a - self._sa_base] = 1.0
        elif turn["sa"] in self._sa_key:
            out[self.o_sa + self._sa_key[turn["sa"]]] = 1.0
        o = self.o_sa_state
        out[o] = bool(turn.get("sa_active"))
        out[o + 1] = bool(turn.get("sa_done"))
        ops, sas = turn["op_spaces"], turn["sa_spaces"]
        out[o + 2] = len(ops) / 4.0
        out[o + 3] = len(sas) / 4.0
        if ops:
            sv[ops, self._col_op_sel] = 1.0
        if sas:
            sv[sas, self._col_sa_sel] = 1.0

    def _encode_decision(self, game, perspective: str, out: np.ndarray, sv: np.ndarray) -> None:
        s = game.state
        fi = self._faction_index
        if perspective in fi:
            out[self.o_persp + fi[perspective]] = 1.0
        if s.over or not s.frames:
            return
        frame = s.frames[-1]
        kind = frame["kind"]
        out[self.o_kind + self._kind_index.get(kind, len(self.prompt_kinds))] = 1.0
        if kind == "choose":
            out[self.o_cont + self._cont_index.get(frame.get("then"), len(self.continuations))] = 1.0
        actor = game.current_player()
        if actor in fi:
            out[self.o_actor + fi[actor]] = 1.0
            if actor == perspective:
                out[self.o_persp + len(fi)] = 1.0
        left = frame.get("left")
        if isinstance(left, int):
            out[self.o_left] = 1.0
            out[self.o_left + 1] = min(max(left, 0), 20) / 6.0
        self.mark_frame_spaces(frame, sv, self._col_decision, self.decision_space_keys)
        piece = frame.get("piece")
        if isinstance(piece, int) and 0 <= piece < len(self.piece_names):
            out[self.o_piece + piece] = 1.0


# --- text rendering helpers shared by the COIN games' ``render(game)`` ------------------------------
def card_text(card, title: str, order) -> str:
    """``#<n> <title> [faction order]`` (no order for a periodic card); ``-`` for no card."""
    if card is None:
        return "-"
    return f"#{card} {title}" + (" [" + " ".join(order) + "]" if order else "")


def sequence_lines(s, factions, space_names, game=None) -> list[str]:
    """The eligibility line and, while an action is in progress, its faction, kind and spaces (with ``game``:
    in the rules' words, e.g. "Coalition, Operation & Special Activity: Train [Khowst]; Air Lift [Helmand]")."""
    lines = ["Eligible: " + "  ".join(f"{f}{'' if s.eligible.get(f) else ' (ineligible)'}" for f in factions)
             + f"   acted this card: {', '.join(s.sop['acted']) or 'none'}"]
    t = s.turn
    if t is not None:
        lines.append(turn_line(t, space_names, game))
    return lines


def turn_line(t: dict, space_names, game=None) -> str:
    """The action in progress; with ``game`` its faction, kind, Operation and Special Activity by their names."""
    ops = ", ".join(space_names[sp] for sp in t["op_spaces"])
    sas = ", ".join(space_names[sp] for sp in t["sa_spaces"])
    if game is None:
        return f"Turn: {t['faction']} {t['kind']}  op={t['op'] or '-'} [{ops}]  sa={t['sa'] or '-'} [{sas}]"
    names = {spec.key: spec.label for spec in game.vocabulary.specs}
    op_term, sa_term = game.operation_term, game.special_activity_term
    kinds = {"op": op_term, "op_sa": f"{op_term} & {sa_term}", "limited": f"Limited {op_term}", "event": "Event"}
    parts = [f"{names.get(t['op'], t['op'])} [{ops}]" if t["op"] else None,
             f"{names.get(t['sa'], t['sa'])} [{sas}]" if t["sa"] else None]
    return (f"Turn: {game.faction_name(t['faction'])}, {kinds.get(t['kind'], t['kind'])}: "
            + ("; ".join(p for p in parts if p) or "-"))


def box_lines(s, boxes, piece_names) -> list[str]:
    """One line per off-map box (name, location): the pieces in it."""
    out = []
    for name, loc in boxes:
        row = s.pieces[loc]
        out.append(f"{name}: " + (", ".join(f"{int(n)} {piece_names[t]}" for t, n in enumerate(row) if n) or "none"))
    return out


def prompt_lines(game, max_shown: int = 30) -> list[str]:
    """The result of a finished game, or the prompt, its decider and the first legal actions."""
    s = game.state
    if s.over:
        r = s.result or {}
        return [f"GAME OVER: winner {r.get('winner')}; ranking {r.get('ranking')}"]
    legal = game.legal_actions()
    shown = ", ".join(game.action_label(a) for a in legal[:max_shown])
    return [f"Prompt ({game.current_player()}): {game.prompt()}",
            f"Legal: {shown}{' ...' if len(legal) > max_shown else ''}"]
