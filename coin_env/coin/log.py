"""The COIN series' part of the game log (see coin_env.core.log): cards, eligibility, markers and tracks,
Control, victory.

Pieces are logged by each game's board primitives, dice by the RNG, phases by the round drivers and
cards / eligibility by the sequence of play. Markers, tracks and Control are found after each decision
by comparing a small board summary with the previous one (``log_snapshot``): a few bytes compared when
nothing changed, so every rule's changes are logged without a line in the rule.

A game declares (class attributes / methods): ``faction_names``, ``log_piece_names``,
``log_location_names``, ``log_tracks()`` (name -> value), ``log_marker_arrays()`` (name -> per-space
array), ``log_marker_text(name, space, old, new)``, ``log_control()`` (per-space control codes) and
``log_control_text(code)``.
"""

from __future__ import annotations

import numpy as np


class CoinLogMixin:
    def log_tracks(self) -> dict:
        return {}

    def log_marker_arrays(self) -> dict:
        return {}

    def log_marker_text(self, name, space, old, new) -> str:
        return f"{name} in {space}: {old} -> {new}"

    def log_control(self):
        return None

    def log_control_text(self, code) -> str:
        return str(code)

    def log_snapshot(self):
        s = self.state
        markers = {k: a.tobytes() for k, a in self.log_marker_arrays().items()}
        pieces = s.pieces.tobytes()
        return (self.log_tracks(), markers, pieces, self.log_control(), bool(s.over))

    def log_started(self, log, resumed: bool = False) -> None:
        log.snapshot = self.log_snapshot()
        s = self.state
        if not resumed and s.current is not None:
            log.own.append(("card", s.current, s.upcoming))

    def log_after_decision(self, log) -> None:
        old = log.snapshot
        s = self.state
        tracks = self.log_tracks()
        arrays = self.log_marker_arrays()
        markers = {k: a.tobytes() for k, a in arrays.items()}
        pieces = s.pieces.tobytes()
        out = log.own
        if tracks != old[0]:
            for k, v in tracks.items():
                if old[0].get(k) != v:
                    out.append(("track", k, old[0].get(k), v))
        if markers != old[1]:
            for k, b in markers.items():
                if old[1].get(k) != b:
                    before = np.frombuffer(old[1][k], dtype=arrays[k].dtype)
                    after = arrays[k]
                    for sp in np.flatnonzero(before != after).tolist():
                        out.append(("marker", k, sp, int(before[sp]), int(after[sp])))
        control = old[3]
        if pieces != old[2] or markers != old[1]:
            control = self.log_control()
            if control is not None and old[3] is not None:
                for sp in np.flatnonzero(control != old[3]).tolist():
                    out.append(("control", sp, int(old[3][sp]), int(control[sp])))
        over = bool(s.over)
        if over and not old[4] and s.result is not None:
            out.append(("victory", s.result))
        log.snapshot = (tracks, markers, pieces, control, over)

    def render_log_entry(self, raw) -> dict:
        kind = raw[0]
        locs = self.log_location_names
        if kind == "card":
            _, card, upcoming = raw
            cards = self.state.data.cards
            out = {"kind": "card", "card": cards.title(card), "card_number": int(card),
                   "text": f"Current card: {cards.title(card)}"}
            if upcoming is not None:
                out["upcoming"] = cards.title(upcoming)
                out["text"] += f" (upcoming: {cards.title(upcoming)})"
            return out
        if kind == "eligibility":
            _, eligible = raw
            yes = [self.faction_name(f) for f in self.factions if eligible.get(f)]
            no = [self.faction_name(f) for f in self.factions if not eligible.get(f)]
            return {"kind": "eligibility", "rule": "2.3.6", "eligible": [f for f in self.factions if eligible.get(f)],
                    "text": f"Eligible: {', '.join(yes) or 'none'}; Ineligible: {', '.join(no) or 'none'}"}
        if kind == "track":
            _, name, old, new = raw
            return {"kind": "marker", "track": name, "from": old, "to": new, "text": f"{name}: {old} -> {new}"}
        if kind == "marker":
            _, name, sp, old, new = raw
            return {"kind": "marker", "marker": name, "space": locs[sp], "from": old, "to": new,
                    "text": self.log_marker_text(name, locs[sp], old, new)}
        if kind == "control":
            _, sp, old, new = raw
            return {"kind": "control", "space": locs[sp], "from": self.log_control_text(old),
                    "to": self.log_control_text(new), "rule": "1.7",
                    "text": f"{locs[sp]}: {self.log_control_text(old)} -> {self.log_control_text(new)}"}
        if kind == "victory":
            _, result = raw
            ranking = ", ".join(f"{self.faction_name(f)} ({result['margins'][f]:+d})" for f in result["ranking"])
            return {"kind": "victory", "winner": result["winner"], "ranking": list(result["ranking"]),
                    "margins": dict(result["margins"]), "rule": "7.0",
                    "text": f"Game over: {self.faction_name(result['winner'])} wins; ranking {ranking}"}
        return super().render_log_entry(raw)
