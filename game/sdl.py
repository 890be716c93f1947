"""The few SDL2 calls pygame-ce does not wrap, made through ctypes on the very SDL library
pygame-ce loaded (its wheels carry one in ``pygame_ce.libs``; a system build links the
system's), so they act on the same SDL state as pygame itself."""
from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os
from functools import lru_cache

import pygame


@lru_cache(maxsize=1)
def library() -> ctypes.CDLL | None:
    """SDL2 as loaded by pygame-ce, or None if it cannot be found."""
    libdir = os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs")
    candidates = sorted(glob.glob(os.path.join(libdir, "libSDL2-2*.so*")))
    candidates += [name for name in ("libSDL2-2.0.so.0", ctypes.util.find_library("SDL2"))
                   if name]
    for name in candidates:
        try:
            lib = ctypes.CDLL(name)
        except OSError:
            continue
        lib.SDL_GameControllerAddMapping.argtypes = [ctypes.c_char_p]
        lib.SDL_GameControllerAddMapping.restype = ctypes.c_int
        lib.SDL_GetError.restype = ctypes.c_char_p
        return lib
    return None


def add_mapping(line: str) -> None:
    """Add one SDL_GameControllerDB mapping; ValueError with SDL's reason if refused."""
    lib = library()
    if lib is None:
        raise ValueError("SDL's library was not found, so mappings cannot be added")
    if lib.SDL_GameControllerAddMapping(line.encode("utf-8")) < 0:
        raise ValueError((lib.SDL_GetError() or b"refused by SDL").decode("utf-8", "replace"))
