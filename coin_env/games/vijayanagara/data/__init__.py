"""Vijayanagara data: map, pieces, cards and set-up, each fact with its provenance."""
