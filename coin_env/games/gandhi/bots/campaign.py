"""Arjuna procedures for Campaign rounds (8.9): work in progress."""

from __future__ import annotations
