"""Event effects (2.3.4). No Event card text is public (digest §8), so no effect is registered:
every Event card is data only and its Event is never offered. Effects written from the printed
cards register here (coin_env.coin.events.EFFECTS, game "vijayanagara") or come from a plugin."""

MODES: list[tuple[str, str]] = []
