"""Policy networks for MaskablePPO beyond SB3's flat MLP (``algorithm.policy`` in a training config).

``space_scoring`` (:class:`SpaceScoringPolicy`): the decision "select space i" is scored by one network
shared over the map's spaces, as pointer networks and state-action scorers do, instead of one output unit
per space of a flat MLP:

* the observation's ``spaces`` block (one row of ``space_features`` per map space, laid out by
  ``coin_env.coin.encoding.CoinEncoder``: feature names ``space <name>: <feature>``) is cut into rows; a row
  MLP shared by every space embeds each row (width ``E``);
* the rest of the observation (boxes, tracks, cards, sequence, turn and decision context) plus the mean and
  max of the space embeddings go through a global trunk (``net_arch``);
* the logit of "select space i" is a shared scorer of [row embedding i, global trunk]; every other action's
  logit comes from a linear head on the global trunk;
* per-seat heads: one policy serves every seat, with a separate scorer and head per seat, chosen by the
  observation's ``perspective <faction>`` one-hot (the encoder's published features); the value has a head
  per seat too, on its own trunk (so training the value never moves the policy, which the imitation stage's
  value warm-up relies on).

The layout (where the spaces block is, how many spaces and features, the vocabulary's ``space`` action range,
the perspective features) is read from the game's published encoder and vocabulary by :func:`layout_for` and
saved with the model's ``policy_kwargs``, so a checkpoint loads anywhere this module is importable.
"""

from __future__ import annotations

import numpy as np
import torch as th
from torch import nn

from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from coin_env.core.encoding import encoder_for
import coin_env

POLICIES = ("mlp", "space_scoring")


def layout_for(game: str) -> dict:
    """The observation/action layout of ``game`` that :class:`SpaceScoringPolicy` needs (plain data)."""
    enc = encoder_for(game)
    vocab = coin_env.make_game(game, seed=0).vocabulary
    names = list(enc.feature_names)
    group = enc.groups.get("spaces")
    if group is None or "space" not in vocab.group_ranges:
        raise ValueError(f"{game}: the space_scoring policy needs a 'spaces' observation group and 'space' actions")
    start, stop = group.start, group.stop
    n_spaces = getattr(enc, "n_spaces", None)
    if not n_spaces:
        raise ValueError(f"{game}: the encoder does not say how many map spaces its rows hold")
    a0, a1 = vocab.group_ranges["space"]
    if (stop - start) % n_spaces or a1 - a0 != n_spaces:
        raise ValueError(f"{game}: {stop - start} space features do not split into {n_spaces} rows matching the "
                         f"{a1 - a0} space actions")
    factions = list(coin_env.make_game(game, seed=0).factions)
    seat_features = [names.index(f"perspective {f}") for f in factions if f"perspective {f}" in names]
    if len(seat_features) != len(factions):
        seat_features = []
    return {"game": game, "space_start": int(start), "n_spaces": int(n_spaces),
            "n_features": int((stop - start) // n_spaces), "space_actions": [int(a0), int(a1)],
            "seat_features": [int(i) for i in seat_features], "obs_size": int(enc.size), "n_actions": len(vocab)}


def _mlp(sizes, last_act: bool = True) -> nn.Sequential:
    layers = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
        layers.append(nn.Linear(a, b))
        if last_act or i < len(sizes) - 2:
            layers.append(nn.ReLU())
    return nn.Sequential(*layers)


class SpaceScoringExtractor(nn.Module):
    """SB3's ``mlp_extractor`` slot: ``forward_actor`` returns the action logits themselves (the policy's
    ``action_net`` is the identity), ``forward_critic`` the seat's value (``value_net`` is the identity)."""

    def __init__(self, layout: dict, net_arch, space_width: int = 64):
        super().__init__()
        self.layout = layout
        d = layout["obs_size"]
        s0, ns, nf = layout["space_start"], layout["n_spaces"], layout["n_features"]
        self.space_slice = (s0, s0 + ns * nf)
        self.ns, self.nf = ns, nf
        keep = np.ones(d, dtype=bool)
        keep[s0:s0 + ns * nf] = False
        self.register_buffer("global_index", th.as_tensor(np.flatnonzero(keep), dtype=th.long), persistent=False)
        seats = layout["seat_features"]
        self.n_heads = max(1, len(seats))
        self.register_buffer("seat_index", th.as_tensor(seats or [0], dtype=th.long), persistent=False)
        a0, a1 = layout["space_actions"]
        self.a0, self.a1 = a0, a1
        self.n_actions = layout["n_actions"]
        other = np.ones(self.n_actions, dtype=bool)
        other[a0:a1] = False
        self.register_buffer("other_actions", th.as_tensor(np.flatnonzero(other), dtype=th.long), persistent=False)
        widths = list(net_arch)
        h = widths[-1]
        e = space_width
        # actor
        self.policy_rows = _mlp([nf, e, e])
        self.policy_trunk = _mlp([int(keep.sum()) + 2 * e] + widths)
        # The space scorer is an MLP over [row embedding i, trunk]; its first layer is split into a part applied
        # to each row and a part applied once to the trunk (the same function as on the concatenation, cheaper).
        self.policy_space_row = nn.Linear(e, e)
        self.policy_space_ctx = nn.Linear(h, e, bias=False)
        self.policy_space_score = nn.Sequential(nn.ReLU(), nn.Linear(e, self.n_heads))
        self.policy_other = nn.Linear(h, len(np.flatnonzero(other)) * self.n_heads)
        # critic (its own trunk: value training never moves the actor)
        self.value_trunk = _mlp([d] + widths)
        self.value_heads = nn.Linear(h, self.n_heads)
        self.latent_dim_pi = self.n_actions
        self.latent_dim_vf = 1

    def _seat(self, obs: th.Tensor) -> th.Tensor:
        if self.n_heads == 1:
            return th.zeros(obs.shape[0], dtype=th.long, device=obs.device)
        return obs.index_select(1, self.seat_index).argmax(dim=1)

    def forward_actor(self, obs: th.Tensor) -> th.Tensor:
        b = obs.shape[0]
        rows = obs[:, self.space_slice[0]:self.space_slice[1]].reshape(b, self.ns, self.nf)
        emb = self.policy_rows(rows)                                        # (B, S, E)
        glob = th.cat([obs.index_select(1, self.global_index), emb.mean(dim=1), emb.amax(dim=1)], dim=1)
        g = self.policy_trunk(glob)                                         # (B, H)
        seat = self._seat(obs)
        pair = self.policy_space_row(emb) + self.policy_space_ctx(g).unsqueeze(1)
        space = self.policy_space_score(pair)                               # (B, S, heads)
        space = space.gather(2, seat.view(b, 1, 1).expand(-1, self.ns, 1)).squeeze(2)
        other = self.policy_other(g).view(b, self.n_heads, -1)
        other = other.gather(1, seat.view(b, 1, 1).expand(-1, 1, other.shape[2])).squeeze(1)
        logits = obs.new_zeros(b, self.n_actions)
        logits[:, self.a0:self.a1] = space
        logits = logits.index_copy(1, self.other_actions, other)
        return logits

    def forward_critic(self, obs: th.Tensor) -> th.Tensor:
        v = self.value_heads(self.value_trunk(obs))
        return v.gather(1, self._seat(obs).view(-1, 1))

    def forward(self, obs: th.Tensor):
        return self.forward_actor(obs), self.forward_critic(obs)

    def critic_parameters(self):
        return list(self.value_trunk.parameters()) + list(self.value_heads.parameters())


class SpaceScoringPolicy(MaskableActorCriticPolicy):
    """MaskablePPO policy with per-space scoring and per-seat heads (see the module docstring). Extra
    ``policy_kwargs``: ``layout`` (:func:`layout_for`, required), ``space_width`` (64)."""

    def __init__(self, observation_space, action_space, lr_schedule, layout: dict | None = None,
                 space_width: int = 64, net_arch=None, **kwargs):
        if layout is None:
            raise ValueError("SpaceScoringPolicy needs policy_kwargs['layout'] (agents.training.policy_nets.layout_for)")
        if int(observation_space.shape[0]) != layout["obs_size"] or int(action_space.n) != layout["n_actions"]:
            raise ValueError(f"layout of {layout.get('game')} ({layout['obs_size']} features, {layout['n_actions']} "
                             f"actions) does not fit the spaces ({observation_space.shape}, {action_space.n})")
        self.layout = layout
        self.space_width = space_width
        self._widths = list(net_arch or [256, 256])
        kwargs["ortho_init"] = False
        super().__init__(observation_space, action_space, lr_schedule, net_arch=self._widths, **kwargs)

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = SpaceScoringExtractor(self.layout, self._widths, self.space_width)

    def _build(self, lr_schedule) -> None:
        super()._build(lr_schedule)
        self.action_net = nn.Identity()
        self.value_net = nn.Identity()
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict:
        data = super()._get_constructor_parameters()
        data.update(layout=self.layout, space_width=self.space_width, net_arch=self._widths)
        return data


def critic_parameters(policy) -> list:
    """The parameters that only the value uses (trained by the imitation stage's value warm-up)."""
    extractor = getattr(policy, "mlp_extractor", None)
    if hasattr(extractor, "critic_parameters"):
        return list(extractor.critic_parameters())
    params = [p for name, p in policy.named_parameters()
              if name.startswith(("mlp_extractor.value_net.", "value_net.", "vf_features_extractor."))]
    if getattr(policy, "share_features_extractor", True) is False:
        return params
    return params


def policy_spec(cfg: dict) -> tuple:
    """(policy class or SB3 name, policy_kwargs) of a validated training config."""
    algo = cfg["algorithm"]
    if algo.get("policy", "mlp") == "space_scoring":
        return SpaceScoringPolicy, {"net_arch": list(algo["net_arch"]), "layout": layout_for(cfg["game"])}
    return "MlpPolicy", {"net_arch": list(algo["net_arch"])}
