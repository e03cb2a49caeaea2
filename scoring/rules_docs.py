"""docs/rules.md's tables made from the rules' data, so the docs cannot drift from the code.

Each generated block of docs/rules.md sits between ``<!-- generated: NAME … -->`` and
``<!-- end generated: NAME -->``: ``switches`` (every switch of ``scoring.rules.SWITCHES``),
``presets`` (a table of ``scoring.presets.PRESETS`` and a section per preset: source, the
switches it changes with the rule it follows, notes and worked examples), ``worked-examples``
(the default preset's worked examples) and ``melds`` (``scoring.melds.MELDS``). ``make
rules-docs`` (``python -m scoring.rules_docs``) rewrites them; ``tests/scoring/test_rules_docs.py``
fails when they differ. Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from core.errors import GERMAN
from scoring.melds import MELDS, RANKS, Meld
from scoring.presets import PRESETS, Example, Preset
from scoring.rules import RULES, SWITCHES
from scoring.switches import EUROS, FLAG, Switch

DOCS: Final = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
BLOCK: Final = re.compile(
    r"(?P<begin><!-- generated: (?P<name>[a-z-]+) [^>]*-->\n)(?P<body>.*?)"
    r"(?P<end><!-- end generated: (?P=name) -->)",
    re.S,
)
TABLES: Final = {2: "pairs", 3: "three", 4: "four singles"}
KIND_NAMES: Final = {
    "played": "played", "conceded": "conceded", "durch": "Durch", "durch-open": "Durch laid open",
}
ORDINALS: Final = ("1st", "2nd", "3rd", "4th")


def number(value: int) -> str:
    """A number as the docs write it: a true minus sign."""
    return str(value).replace("-", "−")


def numbers(values: Sequence[int] | None) -> str:
    return "—" if values is None else ", ".join(number(value) for value in values)


def paragraph(text: str) -> str:
    """A paragraph wrapped as the docs are (at most 96 characters a line)."""
    return textwrap.fill(text, 96, break_long_words=False, break_on_hyphens=False) + "\n"


def table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def value(declared: Switch, setting: object) -> str:
    """A switch's value as the docs write it."""
    if declared.kind == FLAG:
        return "on" if setting else "off"
    if setting in ("", None):
        return "none"
    if declared.kind == EUROS:
        return f"{setting} €"
    return str(setting)


def values(declared: Switch) -> str:
    """The values a switch takes."""
    bounds = declared.bounds
    if bounds is None:
        return "on or off"
    if declared.kind == EUROS:
        return f"an amount from {bounds.low} to {bounds.high} €, or none"
    spread = f"from {bounds.low} to {bounds.high}"
    shown = f"a multiple of {bounds.step} {spread}" if bounds.step != 1 else spread
    return f"{shown}, or none" if declared.optional else shown


def switches() -> str:
    rows = [
        [f"`{declared.name}`",
         declared.label if declared.on_rules_page else "— (the tournament's own setting)",
         declared.help, values(declared), value(declared, declared.default)]
        for declared in SWITCHES.values()
    ]
    return table(
        ["switch (`RulesProfile` field)", "on the rules page", "what it does", "values", "ejl"],
        rows,
    )


def examples(preset: Preset) -> str:
    """The preset's worked examples as a table (points as ``score_hand`` gives them)."""

    def party(example: Example, index: int) -> str:
        if len(example.melds) == 2:
            return f"pair {'AB'[index]}"
        return ORDINALS[index]

    rows = []
    for at, example in enumerate(preset.examples, start=1):
        kind = KIND_NAMES[example.kind]
        if example.revoked is not None:
            kind += f", {party(example, example.revoked)} misplays"
        rows.append([
            str(at), TABLES[len(example.melds)], str(example.bid),
            party(example, example.declarer), kind, numbers(example.melds),
            numbers(example.tricks), numbers(example.points), example.why,
        ])
    return table(
        ["#", "table", "bid", "declarer", "kind, misplay", "melds", "exact tricks", "points",
         "why"],
        rows,
    )


def _name(preset: Preset) -> str:
    german = GERMAN.gettext(preset.label)
    return preset.label if german == preset.label else f"{preset.label} (*{german}*)"


def _changes(preset: Preset) -> str:
    return ", ".join(
        f"`{name}` {value(SWITCHES[name], setting)}" for name, setting in preset.switches.items()
    ) or "—"


def _section(preset: Preset, default: bool) -> str:
    source = preset.source
    where = f", {source.where}" if source.where else ""
    parts = [
        f"### {preset.label} (`{preset.code}`{', the default' if default else ''})\n",
        paragraph(f"Source: {source.text}{where}. Club: {source.club}. Named on pages: "
                  f"{_name(preset)}."),
    ]
    if preset.switches:
        rules = RULES[preset.code]
        parts.append("Differs from the ejl:\n\n" + table(
            ["switch", "value", "rule"],
            [[f"`{name}`", value(SWITCHES[name], getattr(rules, name)),
              preset.cited.get(name, "")] for name in preset.switches],
        ))
    if preset.notes:
        parts.append(paragraph(preset.notes))
    if preset.examples and not default:
        parts.append(paragraph(
            f'Worked examples (`score_hand(..., rules=RULES["{preset.code}"])`, scored by '
            "`tests/scoring/test_presets.py`):"
        ) + "\n" + examples(preset))
    return "\n".join(parts)


def presets() -> str:
    overview = table(
        ["preset", "name", "club", "differs from the ejl"],
        [[f"`{preset.code}`", _name(preset), f"{preset.source.club}", _changes(preset)]
         for preset in PRESETS.values()],
    )
    sections = [
        _section(preset, default=at == 0) for at, preset in enumerate(PRESETS.values())
    ]
    return "\n".join([overview, *sections])


def worked_examples() -> str:
    return examples(next(iter(PRESETS.values())))


def _points(meld: Meld) -> str:
    if meld.points_switch:
        return f"`{meld.points_switch}` (ejl {meld.points})"
    return str(meld.points)


def melds() -> str:
    rows = [
        [f"{meld.label} (`{meld.code}`)", meld.cards,
         f"{meld.count} × {RANKS[meld.rank]}" if meld.rank is not None else "",
         _points(meld), f"where `{meld.switch}` is on" if meld.switch else "always"]
        for meld in MELDS
    ]
    return table(["meld (`code`)", "cards", "of a kind", "points", "counted"], rows)


BLOCKS: Final[dict[str, Callable[[], str]]] = {
    "switches": switches,
    "presets": presets,
    "worked-examples": worked_examples,
    "melds": melds,
}
"""Each generated block of docs/rules.md and what makes it."""


def rewrite(text: str) -> str:
    """``text`` with every generated block made anew from the data; a block missing from it
    raises ``ValueError``."""
    found = {match["name"] for match in BLOCK.finditer(text)}
    missing = set(BLOCKS) - found
    if missing:
        raise ValueError(f"docs/rules.md lacks the generated blocks {sorted(missing)}")
    return BLOCK.sub(
        lambda match: match["begin"] + "\n" + BLOCKS[match["name"]]() + "\n" + match["end"], text
    )


def main(argv: Sequence[str]) -> int:
    """Rewrite docs/rules.md's generated tables (``--check``: only say whether they differ)."""
    text = DOCS.read_text(encoding="utf-8")
    made = rewrite(text)
    if "--check" in argv:
        print("docs/rules.md's tables are " + ("current." if made == text else "out of date."))
        return 0 if made == text else 1
    if made != text:
        DOCS.write_text(made, encoding="utf-8")
        print("docs/rules.md: tables rewritten from the data.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
