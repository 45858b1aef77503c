"""1.5.2 transfers (option ``transfers``): the gift prompts name the factions and the tokens as the rules do
(Delhi Sultanate, Resources, Cavalry tokens), never the ids ``ds`` / ``bk`` / ``ve`` or the key ``cavalry``.
The seeded-games prompt test plays the default options, where these prompts never appear."""

import random
import re

import coin_env

IDS = re.compile(r"\b(ds|bk|ve|resources|cavalry)\b")


def transfer_prompts(seed: int, decisions: int = 3000) -> list[str]:
    game = coin_env.make_game("vijayanagara", seed=seed, options={"transfers": True})
    rng = random.Random(seed)
    seen = []
    for _ in range(decisions):
        if game.is_over():
            break
        if "give" in game.prompt():
            seen.append(game.prompt())
        game.apply(rng.choice(game.legal_actions()))
    return seen


def test_transfer_prompts_name_factions_and_tokens_in_the_rules_words():
    prompts = [p for seed in (0, 1) for p in transfer_prompts(seed)]
    assert any("to which faction" in p for p in prompts) and any("how many" in p for p in prompts), prompts[:5]
    bad = sorted({p for p in prompts if IDS.search(p)})
    assert not bad, bad[:5]
    assert any(p.startswith(("Delhi Sultanate", "Bahmani Kingdom", "Vijayanagara Empire")) for p in prompts)
