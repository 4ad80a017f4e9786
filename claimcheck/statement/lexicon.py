"""Load the statement lexicons: JSON data mapping words and phrases to token kinds.

Adding a language is adding ``lexicon/<code>.json`` (same kinds as ``en.json``); the grammar
does not change. Keys are matched after :func:`claimcheck.statement.tokens.normalise` (lower case,
accents stripped, ``œ`` → ``oe``), so a lexicon lists each word once, without accents.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources

from claimcheck.cards import Notation

KINDS = frozenset({
    "filler", "num", "suit", "rank", "hand", "owner", "subj", "verb", "order", "count", "state",
    "neg", "cond", "hedge", "abort", "prep", "result", "bound", "allbut",
})


@dataclass(frozen=True, slots=True)
class Entry:
    """What a lexicon word or phrase means: a token kind, a value and an optional flag."""

    kind: str
    value: str = ""
    flag: str = ""


@dataclass(frozen=True, slots=True)
class Lexicon:
    """One language's lexicon: phrases (tuples of normalised words) to entries."""

    language: str
    notation: Notation
    entries: dict[tuple[str, ...], Entry]
    case_entries: dict[str, Entry]
    max_phrase: int
    vocabulary: frozenset[str] = frozenset()
    """Every single word that appears in an entry (alone or in a phrase)."""


def fold(text: str) -> str:
    """Lower-case *text* and strip accents (``Cœur`` → ``coeur``, ``à`` → ``a``)."""
    text = text.replace("œ", "oe").replace("Œ", "oe").replace("’", "'").replace("æ", "ae")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def _parse_entry(raw: str, key: str, language: str) -> Entry:
    parts = raw.split()
    if not parts or parts[0] not in KINDS:
        raise ValueError(f"lexicon {language}: bad entry {key!r}: {raw!r}")
    return Entry(parts[0], parts[1] if len(parts) > 1 else "", parts[2] if len(parts) > 2 else "")


@cache
def load(language: str) -> Lexicon:
    """Load ``lexicon/<language>.json`` shipped with the package."""
    # Imported here: tokens imports this module for fold().
    from claimcheck.statement.tokens import split_words

    path = resources.files("claimcheck.statement").joinpath("lexicon").joinpath(f"{language}.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    entries: dict[tuple[str, ...], Entry] = {}
    for key, raw in data["entries"].items():
        words = tuple(w.norm for w in split_words(key))
        entries[words] = _parse_entry(raw, key, language)
    case_entries = {
        k: _parse_entry(v, k, language) for k, v in data.get("case_entries", {}).items()
    }
    notation: Notation = "fr" if data.get("notation") == "fr" else "en"
    return Lexicon(
        language=data["language"], notation=notation, entries=entries,
        case_entries=case_entries, max_phrase=max(len(k) for k in entries),
        vocabulary=frozenset(w for k in entries for w in k),
    )


def languages() -> tuple[str, ...]:
    """The language codes with a lexicon file, English first."""
    root = resources.files("claimcheck.statement").joinpath("lexicon")
    # ``_others.json`` is not a lexicon: it names languages that have none (see :func:`others`).
    codes = sorted(p.name[:-5] for p in root.iterdir()
                   if p.name.endswith(".json") and not p.name.startswith("_"))
    return tuple(sorted(codes, key=lambda c: (c != "en", c)))


@cache
def others() -> dict[str, frozenset[str]]:
    """Common words of languages with no lexicon (``lexicon/_others.json``), by language code.

    They only tell a statement's language: a German statement must be named German and refused,
    not read as French because one word ("meine") is one letter from "mine".
    """
    path = resources.files("claimcheck.statement").joinpath("lexicon").joinpath("_others.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    return {code: frozenset(fold(w) for w in words) for code, words in data["languages"].items()}
