"""The house rules an event can be created with, as the app above that knows them registers
them (``scoring`` registers its rules presets when it starts): the tournament app stores an
event's rules as plain data (``Event.rules``) and never interprets them.
Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Preset:
    """A named set of house rules: its label (a msgid), the games per round and the tie-breaks
    (``Event.tie_breaks``) an event starts with, and its switches as saved on an event."""

    name: str
    label: str
    games_per_round: int
    values: Mapping[str, Any] = field(default_factory=dict)
    tie_breaks: str = ""


_presets: dict[str, Preset] = {}


def register_preset(preset: Preset) -> None:
    """Offer ``preset`` when an event is created (the first registered is the default)."""
    _presets[preset.name] = preset


def presets() -> list[Preset]:
    """The registered presets, the default first."""
    return list(_presets.values())


def preset(name: str) -> Preset | None:
    return _presets.get(name)
