"""Synthesize Birdhouse's sound effects into sounds/ as small 16-bit mono .wav files.

Why a script: the sounds are ours (no downloads, no licences to track), tiny, and
reproducible. Every sound is built from a seeded ``random.Random`` so re-running the
script writes byte-identical files and git sees no churn.

Usage: ``python -m tools.make_sounds [out_dir]`` (default: the repository's sounds/).
"""
from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
RATE = 22050
FADE_S = 0.005          # every sound starts and ends with a 5 ms fade: no clicks
MAX_BYTES = 60_000      # an asset budget, checked when writing

Samples = list[float]


# --- building blocks -------------------------------------------------------------

def silence(seconds: float) -> Samples:
    """A run of zeros, for gaps and for padding before mixing."""
    return [0.0] * int(seconds * RATE)


def sweep(f0: float, f1: float, seconds: float, shape: float = 1.0,
          harmonics: tuple[float, ...] = (1.0,)) -> Samples:
    """A tone gliding from f0 to f1 Hz; ``shape`` > 1 lingers near f0 then rushes.

    Phase is accumulated sample by sample so the glide never jumps (a jump clicks).
    """
    n = int(seconds * RATE)
    out: Samples = []
    phase = 0.0
    for i in range(n):
        u = (i / n) ** shape
        freq = f0 + (f1 - f0) * u
        phase += 2.0 * math.pi * freq / RATE
        out.append(sum(a * math.sin(k * phase) for k, a in enumerate(harmonics, 1)))
    return out


def glide(points: list[tuple[float, float]], seconds: float) -> Samples:
    """A sine following a piecewise-linear pitch contour [(t 0..1, Hz), ...]."""
    n = int(seconds * RATE)
    out: Samples = []
    phase = 0.0
    j = 0
    for i in range(n):
        u = i / n
        while j < len(points) - 2 and u > points[j + 1][0]:
            j += 1
        (t0, f0), (t1, f1) = points[j], points[j + 1]
        k = 0.0 if t1 == t0 else min(1.0, max(0.0, (u - t0) / (t1 - t0)))
        phase += 2.0 * math.pi * (f0 + (f1 - f0) * k) / RATE
        out.append(math.sin(phase))
    return out


def noise(seconds: float, rng: random.Random) -> Samples:
    """White noise from the seeded generator passed in (never the global one)."""
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(xs: Samples, cutoff: float) -> Samples:
    """One-pole low-pass: cheap, gentle, enough to soften noise into a 'shh'."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y = 0.0
    out: Samples = []
    for x in xs:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(xs: Samples, cutoff: float) -> Samples:
    """The complement of ``lowpass``: removes rumble so flicks stay crisp."""
    return [x - y for x, y in zip(xs, lowpass(xs, cutoff))]


def bandpass(xs: Samples, low: float, high: float) -> Samples:
    """Two one-pole filters in a row: a soft band, which is all paper needs."""
    return lowpass(highpass(xs, low), high)


def envelope(xs: Samples, attack: float, decay: float, curve: float = 1.0) -> Samples:
    """Linear attack then a power-curve decay to zero over the rest of the sound."""
    n = len(xs)
    a = max(1, int(attack * RATE))
    d = max(1, int(decay * RATE))
    out: Samples = []
    for i, x in enumerate(xs):
        if i < a:
            g = i / a
        else:
            g = max(0.0, 1.0 - (i - a) / d) ** curve
        out.append(x * g)
    return out[:n]


def bell(xs: Samples) -> Samples:
    """A sin-shaped swell and fade: the amplitude shape of a single bird note."""
    n = len(xs)
    return [x * math.sin(math.pi * i / n) for i, x in enumerate(xs)]


def mix(*tracks: tuple[float, Samples, float]) -> Samples:
    """Sum (start seconds, samples, gain) tracks into one buffer long enough for all."""
    end = max(int(start * RATE) + len(s) for start, s, _ in tracks)
    out = [0.0] * end
    for start, s, gain in tracks:
        o = int(start * RATE)
        for i, x in enumerate(s):
            out[o + i] += x * gain
    return out


def finish(xs: Samples, peak: float) -> Samples:
    """Normalize to ``peak`` and add the short fades that keep every edge click-free."""
    top = max((abs(x) for x in xs), default=0.0) or 1.0
    xs = [x * peak / top for x in xs]
    f = int(FADE_S * RATE)
    n = len(xs)
    for i in range(min(f, n)):
        g = i / f
        xs[i] *= g
        xs[n - 1 - i] *= g
    return xs


def write_wav(path: Path, xs: Samples) -> int:
    """Write 16-bit mono PCM; returns the file size so the budget can be checked."""
    frames = struct.pack(f"<{len(xs)}h",
                         *(max(-32767, min(32767, int(round(x * 32767)))) for x in xs))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return path.stat().st_size


# --- the sounds -----------------------------------------------------------------

def make_chirp(rng: random.Random) -> Samples:
    """Three quick up-and-down whistles, the last one highest: a cheerful tweet."""
    notes = []
    t = 0.0
    for lo, hi, length in ((2600, 4300, 0.075), (2900, 4700, 0.07), (3100, 5200, 0.11)):
        contour = [(0.0, lo), (0.45, hi + rng.uniform(-80, 80)), (1.0, lo * 0.85)]
        notes.append((t, bell(glide(contour, length)), 1.0))
        t += length + 0.035
    return finish(mix(*notes), 0.55)


def _flick(rng: random.Random, length: float = 0.035, bright: float = 5000.0) -> Samples:
    """One card edge snapping off a thumb: a crisp noise burst with a fast decay."""
    body = bandpass(noise(length, rng), 1200.0, bright)
    return envelope(body, 0.001, length, curve=2.5)


def make_flip(rng: random.Random) -> Samples:
    """A card flick plus the soft 'pap' of it landing face-up."""
    land = envelope(lowpass(noise(0.05, rng), 900.0), 0.002, 0.05, curve=2.0)
    thump = envelope(sweep(180, 110, 0.05), 0.002, 0.05, curve=2.0)
    return finish(mix((0.0, _flick(rng, 0.04), 1.0), (0.055, land, 1.6),
                      (0.055, thump, 0.25)), 0.6)


def make_slide(rng: random.Random) -> Samples:
    """Paper sliding on felt: low-passed noise that swells and fades."""
    n = noise(0.28, rng)
    band = bandpass(n, 500.0, 2200.0)
    return finish(envelope(band, 0.09, 0.19, curve=1.5), 0.45)


def make_shuffle(rng: random.Random) -> Samples:
    """A riffle: ~26 flicks, fast in the middle, with a little bridge 'brrp' at the end."""
    tracks: list[tuple[float, Samples, float]] = []
    t = 0.0
    count = 26
    for i in range(count):
        u = i / (count - 1)
        gap = 0.034 - 0.018 * math.sin(math.pi * u)   # slower, faster, slower
        tracks.append((t, _flick(rng, 0.022, rng.uniform(3500, 6000)),
                       rng.uniform(0.55, 1.0) * (0.6 + 0.4 * math.sin(math.pi * u))))
        t += gap + rng.uniform(-0.003, 0.003)
    bridge = envelope(bandpass(noise(0.12, rng), 400.0, 1800.0), 0.02, 0.1, curve=1.5)
    tracks.append((t + 0.02, bridge, 0.9))
    return finish(mix(*tracks), 0.6)


def make_tap(rng: random.Random) -> Samples:
    """A soft UI tick: a short high sine ping with a hint of click, quieter than the rest."""
    ping = envelope(sweep(1800, 1500, 0.05, harmonics=(1.0, 0.15)), 0.001, 0.045, 2.5)
    click = envelope(highpass(noise(0.006, rng), 2000.0), 0.0005, 0.006)
    return finish(mix((0.0, ping, 1.0), (0.0, click, 0.2)), 0.4)


def _note(freq: float, length: float) -> Samples:
    """A round marimba-ish note: fundamental plus soft overtones, quick decay."""
    tone = sweep(freq, freq, length, harmonics=(1.0, 0.3, 0.12, 0.05))
    return envelope(tone, 0.004, length, curve=1.8)


def make_win(rng: random.Random) -> Samples:
    """C-E-G-C up, a held chord, and a chirp on top: short, happy, not a fanfare."""
    step = 0.1
    tracks = [(i * step, _note(f, 0.35), 1.0)
              for i, f in enumerate((523.25, 659.25, 783.99, 1046.5))]
    chord = [(4 * step, _note(f, 0.5), 0.45) for f in (523.25, 659.25, 783.99)]
    chirp = [(0.62, bell(glide([(0.0, 3000), (0.5, 5200), (1.0, 3600)], 0.08)), 0.35),
             (0.73, bell(glide([(0.0, 3300), (0.5, 5600), (1.0, 4000)], 0.1)), 0.35)]
    return finish(mix(*tracks, *chord, *chirp), 0.6)


def make_predator(rng: random.Random) -> Samples:
    """A low rough growl under a rising hiss: 'something hungry is here'."""
    length = 0.75
    n = int(length * RATE)
    growl: Samples = []
    phase = 0.0
    for i in range(n):
        u = i / n
        freq = 85 + 25 * math.sin(math.pi * u) + rng.uniform(-6, 6)
        phase += 2 * math.pi * freq / RATE
        saw = (phase / math.pi) % 2.0 - 1.0
        rough = 0.6 + 0.4 * math.sin(2 * math.pi * 23 * i / RATE)
        growl.append(saw * rough)
    growl = envelope(lowpass(growl, 700.0), 0.08, length - 0.08, curve=1.2)
    hiss = envelope(bandpass(noise(0.5, rng), 2500.0, 7000.0), 0.3, 0.2, curve=1.5)
    return finish(mix((0.0, growl, 1.0), (0.25, hiss, 0.35)), 0.65)


def make_deal(rng: random.Random) -> Samples:
    """A quick swish across the table ending in a light tap as the card lands."""
    swish_n = noise(0.12, rng)
    swish = envelope(bandpass(swish_n, 900.0, 3500.0), 0.03, 0.09, curve=1.5)
    land = envelope(lowpass(noise(0.03, rng), 1200.0), 0.001, 0.03, curve=2.0)
    return finish(mix((0.0, swish, 1.0), (0.1, land, 1.2)), 0.5)


def make_error(rng: random.Random) -> Samples:
    """A soft two-note 'nuh-uh' falling a fourth: says no without scolding."""
    def blip(f: float, length: float) -> Samples:
        tone = sweep(f, f * 0.97, length, harmonics=(1.0, 0.2))
        return envelope(tone, 0.01, length, curve=1.5)
    return finish(mix((0.0, blip(440.0, 0.11), 1.0), (0.12, blip(330.0, 0.16), 1.0)), 0.45)


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "chirp": make_chirp,
    "flip": make_flip,
    "slide": make_slide,
    "shuffle": make_shuffle,
    "tap": make_tap,
    "win": make_win,
    "predator": make_predator,
    "deal": make_deal,
    "error": make_error,
}


def build_all(out_dir: Path) -> dict[str, int]:
    """Write every sound into ``out_dir``; each gets its own seed so edits stay local."""
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes: dict[str, int] = {}
    for seed, (name, make) in enumerate(sorted(SOUNDS.items()), start=1):
        samples = make(random.Random(1000 + seed))
        size = write_wav(out_dir / f"{name}.wav", samples)
        if size > MAX_BYTES:
            raise ValueError(f"{name}.wav is {size} bytes, over the {MAX_BYTES} budget")
        sizes[name] = size
    return sizes


def main(argv: list[str]) -> int:
    """Command-line entry: build, then print one line per file."""
    out_dir = Path(argv[1]) if len(argv) > 1 else ROOT / "sounds"
    for name, size in build_all(out_dir).items():
        print(f"{out_dir / (name + '.wav')}: {size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
