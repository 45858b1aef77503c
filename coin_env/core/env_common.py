"""What the PettingZoo and gymnasium wrappers share: text rendering and pickling."""

from __future__ import annotations

from .encoding import encoder_for, renderer_for


class CoinEnvCommon:
    """Mixin for CoinAECEnv and CoinGymEnv (both hold game, game_name, encoder, render_mode,
    opponent_specs and opponents; the gym env also a seat)."""

    def render(self):
        if self.render_mode is None:
            return None
        text = renderer_for(self.game)(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # -- pickling: policies given as names are re-resolved; callables must be picklable -----
    def __getstate__(self):
        d = self.__dict__.copy()
        d.pop("encoder", None)
        d["opponents"] = None
        return d

    def __setstate__(self, d):
        from .aec_env import resolve_opponents
        self.__dict__.update(d)
        self.encoder = encoder_for(self.game_name)
        several = len(getattr(self, "seats", ())) > 1      # a learner over several seats: every seat has one
        self.opponents = resolve_opponents(self.opponent_specs, list(self.game.factions),
                                           seat=None if several else getattr(self, "seat", None),
                                           game=self.game_name)
