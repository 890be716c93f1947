"""Where the data files that ship with Birdhouse are: fonts, sounds, table layouts and
the phone page.

They are package data, found through ``importlib.resources`` from the package that holds
them, so the game finds them the same way from a checkout (``python main.py``), an
installed wheel (``birdhouse`` run from any folder) or a frozen build, and never from the
current folder or a path worked out from a module's ``__file__``. pygame and pytmx want
real file names, so each folder is handed out as a ``Path``: for an install on disk
(what pip, pipx and PyInstaller make) ``as_file`` gives the folder itself, nothing
copied. (A zipped install cannot hand out a folder on Python 3.11; none is made.)
"""
from __future__ import annotations

import atexit
import contextlib
import functools
from importlib.resources import as_file, files
from pathlib import Path

_KEPT = contextlib.ExitStack()      # the as_file contexts, closed at exit
atexit.register(_KEPT.close)

# what each data folder is: (package, folder inside it or "")
FOLDERS = {
    "fonts": ("fonts", ""),
    "sounds": ("sounds", ""),
    "layouts": ("game", "layouts"),
    "phone_page": ("game.phones", "page"),
    "locale": ("game", "locale"),
}


@functools.cache
def folder(kind: str) -> Path:
    """The folder of one kind of data file (a key of ``FOLDERS``), as a real path. The
    folder may be missing in a broken install: callers already treat a missing file as
    a warning and a stand-in (built-in font, silence, stand-in positions)."""
    package, inside = FOLDERS[kind]
    resource = files(package)
    if inside:
        resource = resource.joinpath(inside)
    return _KEPT.enter_context(as_file(resource))


def font_dir() -> Path:
    return folder("fonts")


def sounds_dir() -> Path:
    return folder("sounds")


def layouts_dir() -> Path:
    return folder("layouts")


def phone_page_dir() -> Path:
    return folder("phone_page")


def locale_dir() -> Path:
    return folder("locale")
