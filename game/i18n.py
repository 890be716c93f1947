"""Languages: every word a person sees goes through here.

Code writes English and marks it: ``_("Play")``, ``ngettext("{n} bird", "{n} birds", n)``
(then ``.format(n=n)``), ``pgettext("menu", "Back")`` where one English word has two
meanings (``npgettext`` for a count of such a word), and ``N_("...")`` for a constant translated where it is shown. Translate at
the moment of showing, never at import: the language can change while Birdhouse runs
(:func:`use`), and whoever caches rendered text listens (:func:`on_change`) and drops it.

The catalogues are ``game/locale/<code>/LC_MESSAGES/birdhouse.po`` (package data), extracted with
``python -m tools.i18n extract`` into ``game/locale/birdhouse.pot``. They are compiled
with Babel when first used, into the user cache folder, whenever the ``.po`` is newer
than the compiled file: no compiled file is committed, and the README's two commands
stay the whole set-up. ``qps`` is a pseudo-language made from the English itself (every
letter accented, every message 40 % longer, in brackets), so a screen shows at once
which words do not go through here and which do not fit.

Nothing here imports pygame: rules modules (events' ``describe()``) use it too.
"""
from __future__ import annotations

import contextlib
import gettext
import io
import threading
import logging
import os
import re
import weakref
from pathlib import Path
from typing import Callable

from game import resources

DOMAIN = "birdhouse"
PSEUDO = "qps"   # as Android names its pseudo-locales
# each language by its own name (flags are not languages)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Fran\u00e7ais",
                             "es": "Espa\u00f1ol", PSEUDO: "Pseudo"}

_log = logging.getLogger("birdhouse")
_listeners: list[Callable[[], None] | weakref.WeakMethod] = []
_current: gettext.NullTranslations = gettext.NullTranslations()
_code = "en"


_here = threading.local()   # a thread's own language for a moment (see in_english)


def _shown() -> gettext.NullTranslations:
    return getattr(_here, "translations", None) or _current


def _(message: str) -> str:
    return _shown().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _shown().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _shown().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _shown().npgettext(context, singular, plural, n)


@contextlib.contextmanager
def in_english():
    """Words made inside are English, in this thread only (what is saved to disk, so a
    saved game reads the same whatever language was on when it was saved)."""
    before = getattr(_here, "translations", None)
    _here.translations = gettext.NullTranslations()
    try:
        yield
    finally:
        _here.translations = before


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue; it is translated where it is shown."""
    return message


def current() -> str:
    """The language in use (a key of LANGUAGES)."""
    return _code


def on_change(listener: Callable[[], None] | weakref.WeakMethod) -> None:
    """Call ``listener`` whenever the language changes (to drop rendered text). A
    ``weakref.WeakMethod`` is called while its object lives and then forgotten, so an
    App (or its assets) that is done with is not kept alive by listening."""
    _listeners.append(listener)


def _tell() -> None:
    for listener in list(_listeners):
        if isinstance(listener, weakref.WeakMethod):
            method = listener()
            if method is None:
                _listeners.remove(listener)
                continue
            method()
        else:
            listener()


def available() -> list[str]:
    """The languages Birdhouse can show: English, the pseudo-language, and each language
    whose catalogue is present."""
    found = {code for code in LANGUAGES
             if (resources.locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()}
    return [code for code in LANGUAGES if code in found or code in ("en", PSEUDO)]


def system_language(environ: dict[str, str] | None = None) -> str:
    """The system's language if Birdhouse has it (LANGUAGE, then LC_ALL, LC_MESSAGES,
    LANG, as gettext reads them), else English."""
    env = os.environ if environ is None else environ
    have = available()
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(name, "").split(":"):
            code = part.split(".")[0].split("_")[0].lower()
            if code in have and code != PSEUDO:
                return code
            if code == "c" or code == "posix":
                return "en"
    return "en"


def best_match(accept_language: str, fallback: str) -> str:
    """The first language of an HTTP Accept-Language header that Birdhouse has (a
    phone browser's own language), else ``fallback``."""
    have = available()
    ranked = []
    for i, item in enumerate(accept_language.split(",")):
        tag, _sep, q = item.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        ranked.append((-weight, i, tag.split("-")[0].lower()))
    for _w, _i, code in sorted(ranked):
        if code in have and code != PSEUDO:
            return code
    return fallback


def use(code: str, cache_dir: Path | None = None) -> str:
    """Show ``code`` from now on (an unknown or broken one falls back to English, said
    in one log line); returns the language now in use. Listeners hear of a change."""
    global _current, _code
    code = code if code in LANGUAGES else "en"
    translations: gettext.NullTranslations
    if code == "en":
        translations = gettext.NullTranslations()
    elif code == PSEUDO:
        translations = Pseudo()
    else:
        try:
            translations = _load(code, cache_dir)
        except Exception as exc:   # a damaged catalogue must never stop the game
            _log.warning("Language %s could not be read (%s); showing English.", code, exc)
            code, translations = "en", gettext.NullTranslations()
    changed = code != _code
    _current, _code = translations, code
    if changed:
        _tell()
    return code


def _load(code: str, cache_dir: Path | None) -> gettext.GNUTranslations:
    """The compiled catalogue of ``code``, compiled afresh when its .po is newer."""
    source = resources.locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not source.is_file():
        raise OSError(f"no catalogue {source.name} for {code}")
    if cache_dir is None:
        from platformdirs import user_cache_dir
        cache_dir = Path(user_cache_dir("birdhouse", appauthor=False))
    compiled = cache_dir / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        if not compiled.is_file() or compiled.stat().st_mtime < source.stat().st_mtime:
            compile_po(source, compiled)
        with compiled.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except OSError as exc:          # a cache folder that cannot be written: in memory
        _log.info("Language %s compiled in memory (%s).", code, exc)
        return gettext.GNUTranslations(io.BytesIO(compiled_bytes(source)))


def compile_po(source: Path, target: Path) -> None:
    """Compile a .po catalogue to a .mo file with Babel (written whole, then moved)."""
    data = compiled_bytes(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_suffix(".part")
    part.write_bytes(data)
    part.replace(target)


_FIELDS = re.compile(r"\{([^{}:!]*)[^{}]*\}")


def _fields(text: str) -> list[str]:
    return sorted(_FIELDS.findall(text))


def compiled_bytes(source: Path) -> bytes:
    """The .mo of a .po. A translation whose {placeholders} differ from its message's (a
    translator's slip that would stop a screen) is left out, so that message shows in
    English; one log line says how many."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as handle:
        catalog = read_po(handle)
    dropped = 0
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        strings = (message.string if isinstance(message.string, (list, tuple))
                   else (message.string,))
        wanted = {tuple(_fields(one)) for one in ids}
        if any(text and tuple(_fields(text)) not in wanted for text in strings):
            message.string = ("",) * len(strings) if len(strings) > 1 else ""
            dropped += 1
    if dropped:
        _log.warning("%s: %d translations left out (their {placeholders} differ from "
                     "the English); those messages show in English.", source.name, dropped)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


# -- the pseudo-language ------------------------------------------------------------------
_ACCENTED = dict(zip("aceinousyAEIOUCNY", "\u00e0\u00e7\u00e9\u00ee\u00f1\u00f6\u00fb"
                                           "\u0161\u00fd\u00c0\u00c9\u00ce\u00d6\u00dc"
                                           "\u00c7\u00d1\u00dd"))
_FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """``message`` accented and 40 % longer (as translations often are), its
    {placeholders} untouched."""
    if not message:
        return message
    parts = _FIELD.split(message)
    out = "".join(part if _FIELD.fullmatch(part) else
                  "".join(_ACCENTED.get(ch, ch) for ch in part) for part in parts)
    letters = sum(ch.isalpha() for ch in message)
    return f"[{out}{'~' * (letters * 2 // 5)}]"


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)
