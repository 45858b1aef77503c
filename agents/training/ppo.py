"""MaskablePPO with a KL penalty toward a frozen reference policy (the imitation stage's cloned policy).

``KLMaskablePPO`` is sb3-contrib's MaskablePPO; when ``kl_reference`` (a frozen policy) is set and
``kl_schedule(num_timesteps)`` is above 0, each minibatch's loss adds ``coef * KL(reference || learner)``, the
KL over the legal actions of the batch's observations. Otherwise ``train()`` is MaskablePPO's own, unchanged.
``_train_with_kl`` is sb3-contrib 2.x's ``MaskablePPO.train`` (MIT licence) with that one term added (and
``evaluate_actions`` split into its distribution and value so the distribution is at hand); the reference
policy is not saved with the model (``_excluded_save_params``): the trainer sets it again from ``bc.zip``.
"""

from __future__ import annotations

import numpy as np
import torch as th
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from stable_baselines3.common.utils import explained_variance
from torch.nn import functional as F


class KLMaskablePPO(MaskablePPO):
    kl_reference = None

    @staticmethod
    def kl_schedule(timesteps: int) -> float:        # replaced per run (agents.training.imitation.kl_coefficient)
        return 0.0

    def _excluded_save_params(self):
        return [*super()._excluded_save_params(), "kl_reference", "kl_schedule"]

    def train(self) -> None:
        if self.kl_reference is None or self.kl_schedule(self.num_timesteps) <= 0:
            return super().train()
        return self._train_with_kl()

    def _train_with_kl(self) -> None:
        """
        Update policy using the currently gathered rollout buffer.
        """
        # Switch to train mode (this affects batch norm / dropout)
        self.policy.set_training_mode(True)
        # Update optimizer learning rate
        self._update_learning_rate(self.policy.optimizer)
        # Compute current clip range
        clip_range = self.clip_range(self._current_progress_remaining)  # type: ignore[operator]
        # Optional: clip range for the value function
        if self.clip_range_vf is not None:
            clip_range_vf = self.clip_range_vf(self._current_progress_remaining)  # type: ignore[operator]

        entropy_losses = []
        kl_values = []
        kl_coef = self.kl_schedule(self.num_timesteps)
        pg_losses, value_losses = [], []
        clip_fractions = []

        continue_training = True

        # train for n_epochs epochs
        for epoch in range(self.n_epochs):
            approx_kl_divs = []
            # Do a complete pass on the rollout buffer
            for rollout_data in self.rollout_buffer.get(self.batch_size):
                actions = rollout_data.actions
                if isinstance(self.action_space, spaces.Discrete):
                    # Convert discrete action from float to long
                    actions = rollout_data.actions.long().flatten()

                # evaluate_actions, split so the distribution is at hand for the KL term
                distribution = self.policy.get_distribution(rollout_data.observations,
                                                            action_masks=rollout_data.action_masks)
                log_prob = distribution.log_prob(actions)
                entropy = distribution.entropy()
                values = self.policy.predict_values(rollout_data.observations)

                values = values.flatten()
                # Normalize advantage
                advantages = rollout_data.advantages
                if self.normalize_advantage:
                    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)

                # ratio between old and new policy, should be one at the first iteration
                ratio = th.exp(log_prob - rollout_data.old_log_prob)

                # clipped surrogate loss
                policy_loss_1 = advantages * ratio
                policy_loss_2 = advantages * th.clamp(ratio, 1 - clip_range, 1 + clip_range)
                policy_loss = -th.min(policy_loss_1, policy_loss_2).mean()

                # Logging
                pg_losses.append(policy_loss.item())
                clip_fraction = th.mean((th.abs(ratio - 1) > clip_range).float()).item()
                clip_fractions.append(clip_fraction)

                if self.clip_range_vf is None:
                    # No clipping
                    values_pred = values
                else:
                    # Clip the different between old and new value
                    # NOTE: this depends on the reward scaling
                    values_pred = rollout_data.old_values + th.clamp(
                        values - rollout_data.old_values, -clip_range_vf, clip_range_vf
                    )
                # Value loss using the TD(gae_lambda) target
                value_loss = F.mse_loss(rollout_data.returns, values_pred)
                value_losses.append(value_loss.item())

                # Entropy loss favor exploration
                if entropy is None:
                    # Approximate entropy when no analytical form
                    entropy_loss = -th.mean(-log_prob)
                else:
                    entropy_loss = -th.mean(entropy)

                entropy_losses.append(entropy_loss.item())

                loss = policy_loss + self.ent_coef * entropy_loss + self.vf_coef * value_loss

                # KL(cloned || learner) over the legal actions (the cloned policy is frozen)
                with th.no_grad():
                    reference = self.kl_reference.get_distribution(rollout_data.observations,
                                                                   action_masks=rollout_data.action_masks)
                    ref_logp = reference.distribution.logits
                    legal = rollout_data.action_masks.bool()
                logp = distribution.distribution.logits
                kl = th.where(legal, ref_logp.exp() * (ref_logp - logp), th.zeros_like(logp)).sum(dim=1).mean()
                kl_values.append(kl.item())
                loss = loss + kl_coef * kl

                # Calculate approximate form of reverse KL Divergence for early stopping
                # see issue #417: https://github.com/DLR-RM/stable-baselines3/issues/417
                # and discussion in PR #419: https://github.com/DLR-RM/stable-baselines3/pull/419
                # and Schulman blog: http://joschu.net/blog/kl-approx.html
                with th.no_grad():
                    log_ratio = log_prob - rollout_data.old_log_prob
                    approx_kl_div = th.mean((th.exp(log_ratio) - 1) - log_ratio).cpu().numpy()
                    approx_kl_divs.append(approx_kl_div)

                if self.target_kl is not None and approx_kl_div > 1.5 * self.target_kl:
                    continue_training = False
                    if self.verbose >= 1:
                        print(f"Early stopping at step {epoch} due to reaching max kl: {approx_kl_div:.2f}")
                    break

                # Optimization step
                self.policy.optimizer.zero_grad()
                loss.backward()
                # Clip grad norm
                th.nn.utils.clip_grad_norm_(self.policy.parameters(), self.max_grad_norm)
                self.policy.optimizer.step()

            self._n_updates += 1
            if not continue_training:
                break
        explained_var = explained_variance(self.rollout_buffer.values.flatten(), self.rollout_buffer.returns.flatten())

        # Logs
        self.logger.record("train/kl_cloned", np.mean(kl_values))
        self.logger.record("train/kl_coef", kl_coef)
        self.logger.record("train/entropy_loss", np.mean(entropy_losses))
        self.logger.record("train/policy_gradient_loss", np.mean(pg_losses))
        self.logger.record("train/value_loss", np.mean(value_losses))
        self.logger.record("train/approx_kl", np.mean(approx_kl_divs))
        self.logger.record("train/clip_fraction", np.mean(clip_fractions))
        self.logger.record("train/loss", loss.item())
        self.logger.record("train/explained_variance", explained_var)
        self.logger.record("train/n_updates", self._n_updates, exclude="tensorboard")
        self.logger.record("train/clip_range", clip_range)
        if self.clip_range_vf is not None:
            self.logger.record("train/clip_range_vf", clip_range_vf)

