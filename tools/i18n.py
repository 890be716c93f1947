"""The catalogues' tools: ``python -m tools.i18n extract|update|check``.

``extract`` collects every marked message (``_``, ``N_``, ``ngettext``, ``pgettext``) from
game/, scenes/, sprites/ and main.py with Babel's Python extractor into
game/locale/birdhouse.pot; ``update`` merges that into each language's .po (making the
.po of de, fr and es when there is none yet, with empty translations); ``check`` fails
when a translation drops or adds a ``{placeholder}``, has the wrong number of plural
forms, or when the .pot is not what the code would give. Babel's Python API does the
work (no pybabel process), so this runs wherever Birdhouse runs.
"""
from __future__ import annotations

import argparse
import io
import string
import sys
from pathlib import Path
from typing import Iterable, Sequence

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from game import __version__, i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / f"{i18n.DOMAIN}.pot"
SOURCES = ("game", "scenes", "sprites", "main.py")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}
COMMENT_TAGS = ("TRANSLATORS:",)
SHIPPED = ("de", "fr", "es")     # the languages `update` makes a .po for


def extract_messages(root: Path = ROOT) -> Catalog:
    """Every marked message in the code, as a template catalogue (nothing written)."""
    template = Catalog(project="Birdhouse", version=__version__, domain=i18n.DOMAIN,
                       charset="utf-8", fuzzy=False)
    for source in SOURCES:
        where = root / source
        if where.is_file():
            found: Iterable = ((source, *item) for item in extract_from_file(
                "python", where, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                strip_comment_tags=True))
        elif where.is_dir():
            found = ((f"{source}/{name}", line, message, comments, context)
                     for name, line, message, comments, context in extract_from_dir(
                         where, method_map=[("**.py", "python")], keywords=KEYWORDS,
                         comment_tags=COMMENT_TAGS, strip_comment_tags=True))
        else:
            continue
        for name, line, message, comments, context in found:
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            template.add(message, None, [(name, line)], auto_comments=comments,
                         context=context)
    return template


def _po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=96, include_lineno=False, sort_output=True)
    return out.getvalue()


def _without_dates(text: bytes) -> bytes:
    return b"\n".join(line for line in text.splitlines()
                      if not line.startswith((b'"POT-Creation-Date:', b'"PO-Revision-Date:')))


def _write_if_changed(path: Path, text: bytes) -> bool:
    """Write ``text`` unless the file says the same but for its dates (so re-running
    on unchanged code changes no file)."""
    if path.is_file() and _without_dates(path.read_bytes()) == _without_dates(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    return True


def extract(root: Path = ROOT) -> int:
    template = extract_messages(root)
    changed = _write_if_changed(root / POT.relative_to(ROOT), _po_text(template))
    print(f"{len(template)} messages; {POT.name} {'written' if changed else 'unchanged'}")
    return 0


def _po_path(locale_dir: Path, code: str) -> Path:
    return locale_dir / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def languages(locale_dir: Path = LOCALE) -> list[str]:
    """The languages with a .po, and those shipped (whose .po update makes)."""
    have = {p.parent.parent.name for p in locale_dir.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po")}
    return sorted(have | set(SHIPPED))


def update(locale_dir: Path = LOCALE) -> int:
    pot = locale_dir / POT.name
    if not pot.is_file():
        print(f"no {pot.name}: run `python -m tools.i18n extract` first", file=sys.stderr)
        return 1
    with pot.open("rb") as handle:
        template = read_po(handle)
    for code in languages(locale_dir):
        path = _po_path(locale_dir, code)
        if path.is_file():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=code)
        else:
            catalog = Catalog(locale=code, domain=i18n.DOMAIN, project="Birdhouse",
                              version=__version__, charset="utf-8", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        changed = _write_if_changed(path, _po_text(catalog))
        done = sum(1 for m in catalog if m.id and m.string and
                   (all(m.string) if isinstance(m.string, tuple) else True))
        print(f"{code}: {done}/{len(template)} translated; "
              f"{'written' if changed else 'unchanged'}")
    return 0


def fields(text: str) -> set[str] | None:
    """The ``{placeholder}`` names in ``text`` (None: not a valid format string)."""
    try:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text)
                if name is not None}
    except ValueError:
        return None


def problems(catalog: Catalog) -> list[str]:
    """What is wrong with one language's translations, one line each."""
    out = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        where = f"{catalog.locale_identifier or '?'}: {_msgid(message)!r}"
        if message.pluralizable:
            singular, plural = (fields(part) for part in message.id)
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if any(forms) and len(forms) != catalog.num_plurals:
                out.append(f"{where}: {len(forms)} plural forms, the language has "
                           f"{catalog.num_plurals}")
            for i, form in enumerate(forms):
                if not form:
                    continue
                got = fields(form)
                want = [plural] + ([singular] if i == 0 else [])
                if got is None or got not in want:
                    out.append(f"{where}: form {i} has {_show(got)}, the English "
                               f"{_show(plural)}")
        else:
            want, got = fields(message.id), fields(message.string)
            if got != want:
                out.append(f"{where}: the translation has {_show(got)}, the English "
                           f"{_show(want)}")
    return out


def _msgid(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def _show(names: set[str] | None) -> str:
    if names is None:
        return "a broken {placeholder}"
    return ", ".join(f"{{{n}}}" for n in sorted(names)) or "no placeholders"


def check(locale_dir: Path = LOCALE, root: Path = ROOT) -> int:
    found: list[str] = []
    pot = locale_dir / POT.name
    if pot.is_file():
        with pot.open("rb") as handle:
            kept = {(m.id, m.context) for m in read_po(handle) if m.id}
        now = {(m.id, m.context) for m in extract_messages(root) if m.id}
        if kept != now:
            found.append(f"{pot.name} is not current: {len(now - kept)} new, "
                         f"{len(kept - now)} gone (run `python -m tools.i18n extract`)")
    for path in sorted(locale_dir.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po")):
        code = path.parent.parent.name
        try:
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=code)
        except Exception as exc:   # noqa: BLE001 - a broken file is a finding, not a crash
            found.append(f"{code}: {path.name} cannot be read ({exc})")
            continue
        found += problems(catalog)
        missing = [m for m in catalog if m.id and (not m.string or m.fuzzy
                   or (isinstance(m.string, tuple) and not all(m.string)))]
        if missing:   # named, not failed: an untranslated message shows in English
            names = ", ".join(repr(_msgid(m))[:40] for m in missing[:3])
            print(f"{code}: {len(missing)} of {len(catalog)} messages not translated yet "
                  f"(shown in English): {names}{', ...' if len(missing) > 3 else ''}")
    for line in found:
        print(line)
    print("catalogues: ok" if not found else f"catalogues: {len(found)} problems")
    return 1 if found else 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.i18n", description=__doc__.split("\n")[0])
    p.add_argument("command", choices=("extract", "update", "check"))
    args = p.parse_args(argv)
    return {"extract": extract, "update": update, "check": check}[args.command]()


if __name__ == "__main__":
    sys.exit(main())
