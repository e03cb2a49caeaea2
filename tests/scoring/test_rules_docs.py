"""docs/rules.md's generated tables (``scoring.rules_docs``) are the data's: a test fails while
they differ, and says how to write them anew (``make rules-docs``)."""

from __future__ import annotations

import difflib

import pytest

from scoring import rules_docs
from scoring.presets import PRESETS, Example, Preset, Source


def test_the_docs_tables_are_made_from_the_data():
    text = rules_docs.DOCS.read_text(encoding="utf-8")
    made = rules_docs.rewrite(text)
    diff = "".join(difflib.unified_diff(
        text.splitlines(keepends=True), made.splitlines(keepends=True),
        "docs/rules.md", "made from the data",
    ))
    assert made == text, f"docs/rules.md differs from the data; run `make rules-docs`:\n{diff}"


def test_every_block_is_in_the_docs_once():
    text = rules_docs.DOCS.read_text(encoding="utf-8")
    names = [match["name"] for match in rules_docs.BLOCK.finditer(text)]
    assert sorted(names) == sorted(rules_docs.BLOCKS)


def test_a_changed_preset_changes_the_docs(monkeypatch):
    """A preset added to the data is missing from the docs until they are made anew."""
    text = rules_docs.DOCS.read_text(encoding="utf-8")
    club = Preset(
        code="tsv-musterdorf", label="TSV Musterdorf",
        source=Source(club="TSV Musterdorf", text="the club's rules sheet"),
        switches={"min_bid": 200}, cited={"min_bid": "rule 2"},
        examples=(Example(200, (80, 20, 40), (130, 70, 50), (210, 90, 90), "won"),),
    )
    monkeypatch.setitem(PRESETS, club.code, club)
    made = rules_docs.rewrite(text)
    assert made != text
    assert "### TSV Musterdorf (`tsv-musterdorf`)" in made
    assert "| `min_bid` | 200 | rule 2 |" in made
    assert "| `tsv-musterdorf` | TSV Musterdorf | TSV Musterdorf | `min_bid` 200 |" in made
    assert rules_docs.rewrite(made) == made


def test_a_changed_switch_changes_the_docs():
    text = rules_docs.DOCS.read_text(encoding="utf-8")
    changed = text.replace("| `min_bid` | Minimum bid |", "| `min_bid` | Lowest bid |")
    assert changed != text and rules_docs.rewrite(changed) == text


def test_docs_without_a_block_are_refused():
    text = rules_docs.DOCS.read_text(encoding="utf-8")
    start = text.index("<!-- generated: melds")
    end = text.index("<!-- end generated: melds -->") + len("<!-- end generated: melds -->")
    with pytest.raises(ValueError, match="melds"):
        rules_docs.rewrite(text[:start] + text[end:])


def test_the_command_checks_and_rewrites(tmp_path, monkeypatch, capsys):
    copy = tmp_path / "rules.md"
    text = rules_docs.DOCS.read_text(encoding="utf-8")
    copy.write_text(text.replace("| 1 | three | 200 |", "| 1 | three | 210 |"), encoding="utf-8")
    monkeypatch.setattr(rules_docs, "DOCS", copy)
    assert rules_docs.main(["--check"]) == 1
    assert rules_docs.main([]) == 0
    assert copy.read_text(encoding="utf-8") == text
    assert rules_docs.main(["--check"]) == 0
    assert "current" in capsys.readouterr().out
