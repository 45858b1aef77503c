"""Placeholder: filled by the revolutionaries rules work."""

MODES: list[tuple[str, str]] = []
