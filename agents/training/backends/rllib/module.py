"""PPO's torch RLModule with action masking: the observation is ``{"observations", "action_mask"}``; the
network sees the observations only, and the logits of illegal actions are pushed to the float minimum
before any distribution is built, so exploration, inference and the training loss only ever give
probability to legal actions."""

from __future__ import annotations

import gymnasium as gym
import torch

from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.utils.torch_utils import FLOAT_MIN

OBS, MASK = "observations", "action_mask"


class MaskedPPOModule(DefaultPPOTorchRLModule):
    """The default PPO MLP (``model_config["fcnet_hiddens"]``) over the observation vector; masked logits."""

    def __init__(self, *, observation_space=None, **kwargs):
        if not isinstance(observation_space, gym.spaces.Dict) or set(observation_space) != {OBS, MASK}:
            raise ValueError(f"MaskedPPOModule needs a Dict observation space with {OBS!r} and {MASK!r}, "
                             f"not {observation_space}")
        self.space_with_mask = observation_space
        super().__init__(observation_space=observation_space[OBS], **kwargs)

    def setup(self):
        super().setup()
        # The networks are built for the vector alone; the module itself takes the dict.
        self.observation_space = self.space_with_mask

    @staticmethod
    def _split(batch: dict) -> tuple[dict, torch.Tensor]:
        obs = batch[Columns.OBS]
        if not isinstance(obs, dict):
            raise ValueError("MaskedPPOModule expects observations with an action mask")
        return {**batch, Columns.OBS: obs[OBS]}, obs[MASK]

    @staticmethod
    def _masked(out: dict, mask: torch.Tensor) -> dict:
        logits = out[Columns.ACTION_DIST_INPUTS]
        out[Columns.ACTION_DIST_INPUTS] = torch.where(mask > 0.5, logits, torch.full_like(logits, FLOAT_MIN))
        return out

    def _forward_inference(self, batch, **kwargs):
        inner, mask = self._split(batch)
        return self._masked(super()._forward_inference(inner, **kwargs), mask)

    def _forward_exploration(self, batch, **kwargs):
        inner, mask = self._split(batch)
        return self._masked(super()._forward_exploration(inner, **kwargs), mask)

    def _forward_train(self, batch, **kwargs):
        inner, mask = self._split(batch)
        return self._masked(super()._forward_train(inner, **kwargs), mask)

    def compute_values(self, batch, embeddings=None):
        if isinstance(batch[Columns.OBS], dict):
            batch, _ = self._split(batch)
        return super().compute_values(batch, embeddings)
