"""Arjuna procedures of the non-player nonviolent (8.6, 8.7, 8.9): work in progress."""

from __future__ import annotations
